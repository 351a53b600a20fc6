import { PageTitle } from '@/components/layout/page-title';
import { SafetyTips } from '@/features/safety/components/safety-tips';
import { SAFETY_TEXTS } from '@/features/safety/messages';

export const SafetyTipsRoute = () => (
  <>
    <PageTitle title={SAFETY_TEXTS.tipsTitle} />
    <SafetyTips />
  </>
);
