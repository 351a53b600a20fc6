import { useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { VerificationPending } from '@/features/auth/components/verification-pending';

export const VerificationPendingRoute = () => {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state ?? {}) as { email?: unknown; message?: unknown };
  // The register screen passes the email in location state; ?email= also works (e.g. reloads).
  const email = typeof state.email === 'string' ? state.email : (searchParams.get('email') ?? '');
  const message = typeof state.message === 'string' ? state.message : null;
  return (
    <>
      <PageTitle title="Verifica tu email" />
      <VerificationPending email={email} message={message} />
    </>
  );
};
