import { env } from '@/config/env';
import { useTitleBadge, withBadge } from '@/lib/title-badge';

/**
 * Sets the document title for the current page (React 19 hoists <title> into <head>), with the
 * unread notifications in front when there are any.
 */
export const PageTitle = ({ title }: { title?: string }) => {
  const unread = useTitleBadge();
  return <title>{withBadge(title ? `${title} · ${env.appName}` : env.appName, unread)}</title>;
};
