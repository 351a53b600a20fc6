import Chip from '@mui/material/Chip';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import UpdateOutlinedIcon from '@mui/icons-material/UpdateOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_READ_MESSAGES } from '@unimercado/shared/schemas/product-read-messages';
import type { Product } from '@unimercado/shared/schemas/products';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { hrefs } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/utils/format';
import { recordProductView, useProduct } from '../api/get-product';
import { PRODUCTS_TEXT } from '../messages';
import { ConditionChip } from './condition-chip';
import { NoticeSnackbar } from '@/components/feedback/notice-snackbar';
import { ProductDetailActions, type ProductActionHandlers } from './product-detail-actions';
import { SellerRating } from './seller-rating';
import { ProductGallery } from './product-gallery';

const DetailRow = ({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) => (
  <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1 }}>
    <Box sx={{ color: 'primary.main', mt: 0.25, display: 'flex' }} aria-hidden>
      {icon}
    </Box>
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  </Box>
);

const DetailSkeleton = () => (
  <Grid container spacing={{ xs: 3, md: 5 }} aria-busy="true" aria-label="Cargando producto">
    <Grid size={{ xs: 12, md: 7 }}>
      <Skeleton
        variant="rounded"
        sx={{ aspectRatio: '4 / 3', height: 'auto', borderRadius: '20px' }}
      />
    </Grid>
    <Grid size={{ xs: 12, md: 5 }}>
      <Skeleton width={120} height={32} />
      <Skeleton width="90%" height={48} />
      <Skeleton width="50%" height={44} />
      <Skeleton variant="rounded" height={48} sx={{ mt: 2, borderRadius: '12px' }} />
      <Skeleton variant="rounded" height={48} sx={{ mt: 1.5, borderRadius: '12px' }} />
      <Skeleton height={120} sx={{ mt: 2 }} />
    </Grid>
  </Grid>
);

/** Shares the page with the Web Share API where there is one, else copies the link. */
const shareProduct = async (product: Product): Promise<string | null> => {
  const url = `${window.location.origin}${hrefs.productDetail(product.id)}`;
  const text = `${product.title} · ${formatPrice(product.price)}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: product.title, text, url });
      return null;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return PRODUCTS_TEXT.linkCopied;
  } catch {
    return PRODUCTS_TEXT.shareFailed;
  }
};

/**
 * /products/{id} (spec section 2): gallery with zoom, price, condition, description, location,
 * category, publication date, last update (only when it differs), the seller linking to their
 * profile, the sold state, and the actions. Volver and Reintentar on errors.
 */
export const ProductDetail = ({
  productId,
  viewerId,
  onBack,
  ...handlers
}: ProductActionHandlers & {
  productId: number | null;
  viewerId: number | null;
  onBack: () => void;
}) => {
  const query = useProduct(productId);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (productId !== null) void recordProductView(productId);
  }, [productId]);

  const backButton = (
    <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 2, ml: -1 }}>
      Volver
    </Button>
  );

  if (productId === null || query.isError) {
    const isNotFound =
      productId === null || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <>
        <PageTitle title={isNotFound ? 'Producto no encontrado' : 'Error'} />
        {backButton}
        <Alert
          severity={isNotFound ? 'warning' : 'error'}
          action={
            isNotFound ? undefined : (
              <Button
                color="inherit"
                size="small"
                onClick={() => void query.refetch()}
                disabled={query.isFetching}
              >
                Reintentar
              </Button>
            )
          }
        >
          <AlertTitle>
            {isNotFound ? PRODUCT_READ_MESSAGES.notFound : PRODUCT_READ_MESSAGES.loadError}
          </AlertTitle>
          {isNotFound
            ? 'Puede que el vendedor lo haya eliminado. Mira otros productos disponibles.'
            : 'Revisa tu conexión e inténtalo de nuevo.'}
        </Alert>
      </>
    );
  }

  if (query.isPending) {
    return (
      <>
        {backButton}
        <DetailSkeleton />
      </>
    );
  }

  const product = query.data;
  const wasUpdated = product.updatedAt !== product.createdAt;
  return (
    <>
      <PageTitle title={product.title} />
      {backButton}
      <Grid container spacing={{ xs: 3, md: 5 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ProductGallery
            images={product.images}
            title={product.title}
            isSold={product.isSold}
            soldLabel={product.isReserved ? PRODUCTS_TEXT.reserved : PRODUCTS_TEXT.sold}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
            <ConditionChip condition={product.status} size="medium" />
            <Chip label={product.categoryName} variant="outlined" />
            {product.isSold && (
              <Chip
                label={product.isReserved ? PRODUCTS_TEXT.reservedChip : PRODUCTS_TEXT.sold}
                color={product.isReserved ? 'warning' : 'error'}
                sx={{ fontWeight: 700 }}
              />
            )}
          </Stack>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.75rem', md: '2.1rem' }, mb: 1, wordBreak: 'break-word' }}
          >
            {product.title}
          </Typography>
          <Typography
            component="p"
            sx={{
              fontSize: { xs: '1.9rem', md: '2.2rem' },
              fontWeight: 700,
              color: 'primary.main',
              mb: 2.5,
            }}
          >
            {formatPrice(product.price)}
          </Typography>
          {product.isSold && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {product.isReserved ? PRODUCTS_TEXT.reservedNotice : PRODUCTS_TEXT.soldNotice}
            </Alert>
          )}
          {viewerId === product.sellerId && (
            <Alert severity="success" variant="outlined" sx={{ mb: 2 }}>
              {PRODUCTS_TEXT.ownProduct}
              {product.viewCount !== undefined &&
                ` · ${formatCount(product.viewCount, 'visita', 'visitas')}`}
            </Alert>
          )}
          <ProductDetailActions
            product={product}
            viewerId={viewerId}
            onShare={() => void shareProduct(product).then(setNotice)}
            {...handlers}
          />
          <Card sx={{ mt: 3 }}>
            <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Descripción
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word', mb: 1 }}>
                {product.description}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                <DetailRow icon={<PlaceOutlinedIcon />} label="Ubicación">
                  {product.location}
                </DetailRow>
                <DetailRow icon={<CategoryOutlinedIcon />} label="Categoría">
                  {product.categoryName}
                </DetailRow>
                <DetailRow icon={<EventOutlinedIcon />} label="Publicado">
                  {formatDate(product.createdAt)}
                </DetailRow>
                {wasUpdated && (
                  <DetailRow icon={<UpdateOutlinedIcon />} label="Última actualización">
                    {formatDateTime(product.updatedAt)}
                  </DetailRow>
                )}
                <DetailRow icon={<PersonOutlineIcon />} label="Vendedor">
                  <Link
                    component={RouterLink}
                    to={hrefs.publicProfile(product.sellerId)}
                    sx={{
                      fontWeight: 600,
                      display: 'inline-flex',
                      minHeight: 44,
                      alignItems: 'center',
                    }}
                  >
                    {product.sellerName}
                  </Link>
                  <SellerRating rating={product.sellerRating} component="span" />
                </DetailRow>
              </Box>
            </CardContent>
          </Card>
          {product.meetupSpots && product.meetupSpots.length > 0 && (
            <Card sx={{ mt: 3 }}>
              <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {PRODUCTS_TEXT.sellerMeetupSpots}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {product.meetupSpots.map((spot) => (
                    <DetailRow key={spot.id} icon={<PlaceOutlinedIcon />} label={spot.name}>
                      {spot.area} · {spot.openingHours}
                    </DetailRow>
                  ))}
                </Box>
              </CardContent>
            </Card>
          )}
        </Grid>
      </Grid>
      <NoticeSnackbar message={notice} onClose={() => setNotice(null)} />
    </>
  );
};
