import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { VerifyEmail } from '@/features/auth/components/verify-email';

export const VerifyEmailRoute = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  return (
    <>
      <PageTitle title="Verificar email" />
      <VerifyEmail token={token} />
    </>
  );
};
