import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { ModerationScreen } from '@/features/moderation/components/moderation-screen';
import { MODERATION_TEXTS } from '@/features/moderation/messages';

/** /admin-panel/moderacion: admins only, by the route table's `admin` access (decision 079). */
export const ModerationRoute = () => (
  <PageContainer>
    <PageTitle title={MODERATION_TEXTS.title} />
    <ModerationScreen />
  </PageContainer>
);
