import { useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { useCategories } from '@/features/categories/api/get-categories';
import { PRODUCT_LISTS_KEY } from '@/features/products/api/get-products';
import { SavedSearchesPage } from '@/features/saved-searches/components/saved-searches-page';
import { SAVED_SEARCHES_TEXT } from '@/features/saved-searches/messages';
import { useAuth } from '@/lib/auth';

/** /my-searches, 'Mis búsquedas' (issue 21): the saved searches with their new listings. */
export const MySearchesRoute = () => {
  const { user } = useAuth();
  const categories = useCategories();
  const queryClient = useQueryClient();
  // Opening a saved search runs it: results kept from an earlier visit would hide what is new.
  const forgetResults = () => queryClient.removeQueries({ queryKey: PRODUCT_LISTS_KEY });
  const categoryName = (id: number) =>
    categories.data?.find((category) => category.id === id)?.name;
  return (
    <PageContainer maxWidth="md">
      <PageTitle title={SAVED_SEARCHES_TEXT.title} />
      <PageHeader title={SAVED_SEARCHES_TEXT.title} subtitle={SAVED_SEARCHES_TEXT.subtitle} />
      {user && (
        <SavedSearchesPage userId={user.id} categoryName={categoryName} onOpen={forgetResults} />
      )}
    </PageContainer>
  );
};
