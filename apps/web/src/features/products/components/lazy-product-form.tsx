import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, type ComponentProps } from 'react';

const load = () => import('./product-form');

/**
 * Starts loading the form's code (react-hook-form, zod and the photo picker): the publish page
 * calls it after its first render, while the categories are on their way (issue 7's JS budget).
 */
export const preloadProductForm = () => void load();

const ProductForm = lazy(async () => ({ default: (await load()).ProductForm }));

/** The form's shape while its categories or its code load: title, description, price, place. */
export const ProductFormSkeleton = () => (
  <Stack spacing={2} aria-busy="true">
    {[56, 120, 56, 56].map((height, index) => (
      <Skeleton key={index} variant="rounded" height={height} sx={{ borderRadius: '12px' }} />
    ))}
  </Stack>
);

/** `ProductForm`, its code loaded on demand, the skeleton meanwhile. */
export const LazyProductForm = (props: ComponentProps<typeof ProductForm>) => (
  <Suspense fallback={<ProductFormSkeleton />}>
    <ProductForm {...props} />
  </Suspense>
);
