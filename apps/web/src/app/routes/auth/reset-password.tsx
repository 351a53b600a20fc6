import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { ResetPassword } from '@/features/auth/components/reset-password';

export const ResetPasswordRoute = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  return (
    <>
      <PageTitle title="Nueva contraseña" />
      <ResetPassword token={token} />
    </>
  );
};
