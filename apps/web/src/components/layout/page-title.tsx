import { env } from '@/config/env';

/** Sets the document title for the current page (React 19 hoists <title> into <head>). */
export const PageTitle = ({ title }: { title?: string }) => (
  <title>{title ? `${title} · ${env.appName}` : env.appName}</title>
);
