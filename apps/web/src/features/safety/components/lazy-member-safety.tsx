import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';

const MemberSafety = lazyPart(
  'member-safety',
  async () => (await import('./member-safety')).MemberSafety,
);

/**
 * The profile's report and block buttons, loaded only for a signed-in visitor: the public profile
 * stays within the public pages' JavaScript budget (decision 051).
 */
export const LazyMemberSafety = (props: { userId: number; name: string }) => (
  <Suspense fallback={null}>
    <MemberSafety {...props} />
  </Suspense>
);
