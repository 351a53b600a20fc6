import { PageTitle } from '@/components/layout/page-title';
import { ForgotPassword } from '@/features/auth/components/forgot-password';
import { useAuth } from '@/lib/auth';

export const ForgotPasswordRoute = () => {
  const { user } = useAuth();
  return (
    <>
      <PageTitle title="Restablecer contraseña" />
      <ForgotPassword defaultEmail={user?.email ?? ''} />
    </>
  );
};
