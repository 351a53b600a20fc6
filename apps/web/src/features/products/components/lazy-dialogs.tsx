import { lazy, Suspense, type ComponentProps } from 'react';

// The seller's dialogs load on first use, not with /my-products (issue 7's JS budget): the edit
// form brings react-hook-form and zod, the confirmation MUI's Dialog (shared, components/feedback).
const loadEditDialog = () => import('./edit-product-dialog');
const EditDialog = lazy(async () => ({ default: (await loadEditDialog()).EditProductDialog }));

/** Called on hover or focus of an edit button, so the dialog opens without a wait. */
export const preloadEditProductDialog = () => void loadEditDialog();

export const LazyEditProductDialog = (props: ComponentProps<typeof EditDialog>) => (
  <Suspense fallback={null}>
    <EditDialog {...props} />
  </Suspense>
);

export { LazyConfirmDialog } from '@/components/feedback/lazy-confirm-dialog';
