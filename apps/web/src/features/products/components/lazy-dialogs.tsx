import { lazy, Suspense, useState, type ComponentProps } from 'react';

// The seller's dialogs load on first use, not with /my-products (issue 7's JS budget): the edit
// form brings react-hook-form and zod, the confirmation MUI's Dialog.
const loadEditDialog = () => import('./edit-product-dialog');
const EditDialog = lazy(async () => ({ default: (await loadEditDialog()).EditProductDialog }));
const Confirm = lazy(async () => ({
  default: (await import('@/components/feedback/confirm-dialog')).ConfirmDialog,
}));

/** Called on hover or focus of an edit button, so the dialog opens without a wait. */
export const preloadEditProductDialog = () => void loadEditDialog();

export const LazyEditProductDialog = (props: ComponentProps<typeof EditDialog>) => (
  <Suspense fallback={null}>
    <EditDialog {...props} />
  </Suspense>
);

/** `ConfirmDialog`, loaded the first time it opens and kept afterwards (its closing fade). */
export const LazyConfirmDialog = (props: ComponentProps<typeof Confirm>) => {
  const [wasOpened, setWasOpened] = useState(props.open);
  if (props.open && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <Confirm {...props} />
    </Suspense>
  );
};
