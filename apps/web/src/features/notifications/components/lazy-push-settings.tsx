import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';

const PushSettingsPart = lazyPart(
  'push-settings',
  async () => (await import('./push-settings')).PushSettings,
);

/** The push settings' code loads after the profile (the JS budget, decision 091). */
export const LazyPushSettings = () => (
  <Suspense fallback={null}>
    <PushSettingsPart />
  </Suspense>
);
