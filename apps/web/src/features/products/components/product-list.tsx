import Box from '@mui/material/Box';
import type { Product } from '@unimercado/shared/schemas/products';
import type { ReactNode } from 'react';
import { GRID_SX } from './product-grid';
import { ProductCard, type CardDetails } from './product-card';

/** The cards of `ProductGrid`, a list; the first two photos load eagerly (above the fold). */
export const ProductList = ({
  products,
  isRefreshing,
  headingLevel,
  renderActions,
  renderFooter,
  detailsOf,
  label,
}: {
  products: readonly Product[];
  isRefreshing: boolean;
  headingLevel?: 'h2' | 'h3';
  renderActions?: (product: Product) => ReactNode;
  renderFooter?: (product: Product) => ReactNode;
  detailsOf?: (product: Product) => CardDetails;
  label?: string;
}) => (
  <Box
    component="ul"
    aria-label={label}
    aria-busy={isRefreshing}
    sx={{
      ...GRID_SX,
      listStyle: 'none',
      m: 0,
      p: 0,
      opacity: isRefreshing ? 0.6 : 1,
      transition: 'opacity 150ms',
    }}
  >
    {products.map((product, index) => (
      <Box component="li" key={product.id} sx={{ minWidth: 0 }}>
        <ProductCard
          product={product}
          headingLevel={headingLevel}
          eager={index < 2}
          actions={renderActions?.(product)}
          footer={renderFooter?.(product)}
          details={detailsOf?.(product)}
        />
      </Box>
    ))}
  </Box>
);
