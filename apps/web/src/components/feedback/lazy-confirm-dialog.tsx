import { lazy, Suspense, useState, type ComponentProps } from 'react';

// MUI's Dialog loads the first time a confirmation opens, not with the page (JS budget).
const Confirm = lazy(async () => ({
  default: (await import('./confirm-dialog')).ConfirmDialog,
}));

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
