import { PageTitle } from '@/components/layout/page-title';
import { env } from '@/config/env';
import { useCategories } from '@/features/categories/api/get-categories';
import { Landing } from '@/features/home/components/landing';
import { useAuth } from '@/lib/auth';

export const HomeRoute = () => {
  const { isAuthenticated } = useAuth();
  const categories = useCategories();
  return (
    <>
      <PageTitle title="Compra y vende en tu universidad" />
      <Landing
        appName={env.appName}
        isAuthenticated={isAuthenticated}
        categories={categories.data}
      />
    </>
  );
};
