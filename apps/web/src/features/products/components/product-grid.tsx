import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Product } from '@unimercado/shared/schemas/products';
import { Suspense, useEffect, type ReactNode } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import type { CardDetails } from './product-card';

/** Two columns on a phone, up to four on a wide screen. */
export const GRID_SX = {
  display: 'grid',
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(4, minmax(0, 1fr))',
  },
  gap: { xs: 1.5, sm: 2.5 },
} as const;

/** A card-shaped placeholder of the final layout (conventions.md: skeletons, no spinners). */
export const ProductCardSkeleton = () => (
  <Card aria-hidden sx={{ height: '100%' }}>
    <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
    <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Skeleton width="85%" height={24} />
      <Skeleton width="65%" />
      <Skeleton width="45%" height={28} />
      <Skeleton width="55%" height={18} />
    </CardContent>
  </Card>
);

export const EmptyState = ({
  title,
  hint,
  icon,
  action,
}: {
  title: string;
  hint?: string;
  icon?: ReactNode;
  action?: ReactNode;
}) => (
  <Box
    role="status"
    sx={{
      textAlign: 'center',
      py: { xs: 6, md: 8 },
      px: 2,
      border: '1px dashed rgba(98, 0, 234, 0.25)',
      borderRadius: '20px',
      bgcolor: 'rgba(98, 0, 234, 0.03)',
    }}
  >
    <Box sx={{ color: 'primary.main', mb: 1.5, '& svg': { fontSize: 48 } }}>
      {icon ?? <SearchOffOutlinedIcon />}
    </Box>
    <Typography variant="h5" component="p" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {hint && (
      <Typography color="text.secondary" sx={{ mb: action ? 2.5 : 0 }}>
        {hint}
      </Typography>
    )}
    {action}
  </Box>
);

// The cards (MUI's Chip, CardActionArea, the photo and sold banner) show once the answer is there:
// their code loads alongside the request, after the first render (issue 7's JS budget).
const loadProductList = () => import('./product-list');
const ProductList = lazyPart('product-list', async () => (await loadProductList()).ProductList);

/** `count` card skeletons in the grid's columns: a product list on its way. */
export const SkeletonGrid = ({ count, label }: { count: number; label?: string }) => (
  <Box sx={GRID_SX} aria-busy="true" aria-label={label}>
    {Array.from({ length: count }, (_, index) => (
      <ProductCardSkeleton key={index} />
    ))}
  </Box>
);

/**
 * The products of a page, or `skeletons` placeholders while the first answer is on its way, or
 * the empty state. A page-to-page change keeps the previous cards (dimmed) instead.
 */
export const ProductGrid = ({
  products,
  isLoading,
  isRefreshing = false,
  skeletons,
  empty,
  label,
  ...cards
}: {
  products: readonly Product[] | undefined;
  isLoading: boolean;
  isRefreshing?: boolean;
  skeletons: number;
  empty: ReactNode;
  headingLevel?: 'h2' | 'h3';
  renderActions?: (product: Product) => ReactNode;
  renderFooter?: (product: Product) => ReactNode;
  /** What a card shows instead of the listing's own (a purchase's paid price, 'Comprado'). */
  detailsOf?: (product: Product) => CardDetails;
  label?: string;
}) => {
  useEffect(() => void loadProductList(), []);
  if (isLoading) return <SkeletonGrid count={skeletons} label={label} />;
  if (!products || products.length === 0) return <>{empty}</>;
  return (
    <Suspense fallback={<SkeletonGrid count={products.length} label={label} />}>
      <ProductList {...cards} products={products} label={label} isRefreshing={isRefreshing} />
    </Suspense>
  );
};
