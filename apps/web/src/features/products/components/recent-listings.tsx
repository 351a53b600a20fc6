import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_READ_MESSAGES } from '@unimercado/shared/schemas/product-read-messages';
import type { Product } from '@unimercado/shared/schemas/products';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { hrefs, paths } from '@/config/paths';
import { formatPrice } from '@/utils/format';
import { PRODUCTS_TEXT } from '../messages';
import { EmptyState, ProductGrid } from './product-grid';

/** The newest listings on the home page (issue 8: real recent listings). */
export const RecentListings = ({
  products,
  isPending,
  isError,
  onRetry,
}: {
  products: readonly Product[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) => (
  <Box component="section" aria-labelledby="recent-title">
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 2,
        mb: { xs: 2.5, md: 3.5 },
      }}
    >
      <Box>
        <Typography
          id="recent-title"
          variant="h2"
          sx={{ fontSize: { xs: '1.6rem', md: '1.875rem' } }}
        >
          Publicado recientemente
        </Typography>
        <Typography color="text.secondary">Lo último que publicó tu comunidad.</Typography>
      </Box>
      <Button
        component={RouterLink}
        to={paths.products}
        endIcon={<ArrowForwardIcon />}
        sx={{ flexShrink: 0 }}
      >
        Ver todos
      </Button>
    </Box>
    {isError ? (
      <ErrorAlert message={PRODUCT_READ_MESSAGES.listError} onRetry={onRetry} />
    ) : (
      <ProductGrid
        label="Publicado recientemente"
        products={products}
        isLoading={isPending}
        skeletons={8}
        headingLevel="h3"
        empty={
          <EmptyState
            title={PRODUCTS_TEXT.empty}
            hint="Sé el primero en publicar algo para tu comunidad."
            icon={<StorefrontOutlinedIcon />}
          />
        }
      />
    )}
  </Box>
);

/** Three of the newest listings beside the home page's welcome, as a glimpse of the market. */
export const HeroListings = ({ products }: { products: readonly Product[] }) => (
  <Stack spacing={2} sx={{ maxWidth: 400, ml: { md: 'auto' } }}>
    {products.slice(0, 3).map((product, index) => {
      const image = product.images[0];
      return (
        <Card
          key={product.id}
          sx={{
            ml: { md: index === 1 ? 5 : 0 },
            border: 'none',
            boxShadow: '0 18px 40px rgba(20, 0, 60, 0.28)',
          }}
        >
          <CardActionArea
            component={RouterLink}
            to={hrefs.productDetail(product.id)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              p: 2,
              justifyContent: 'flex-start',
            }}
          >
            <Box
              sx={{
                width: 64,
                height: 64,
                borderRadius: '12px',
                overflow: 'hidden',
                flexShrink: 0,
                bgcolor: 'rgba(98, 0, 234, 0.08)',
              }}
            >
              {image && (
                <Box
                  component="img"
                  src={image.thumbnailUrl}
                  alt=""
                  width={64}
                  height={64}
                  sx={{ width: 64, height: 64, objectFit: 'cover', display: 'block' }}
                />
              )}
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="subtitle1" component="p" noWrap>
                {product.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {product.status} · {product.location}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 700, color: 'primary.main', whiteSpace: 'nowrap' }}>
              {formatPrice(product.price)}
            </Typography>
          </CardActionArea>
        </Card>
      );
    })}
  </Stack>
);
