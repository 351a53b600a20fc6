import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PAGE_SIZE } from '@unimercado/shared/constants';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/product-messages';
import type { Product } from '@unimercado/shared/schemas/products';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { RefreshButton } from '@/components/feedback/refresh-button';
import { StatCard, StatCardSkeleton } from '@/components/feedback/stat-card';
import { paths } from '@/config/paths';
import { isApiError, toUserMessage } from '@/lib/api-client';
import { formatCount, formatPrice } from '@/utils/format';
import { useProducts } from '../api/get-products';
import { useSellerStats } from '../api/get-seller-stats';
import { useDeleteProduct, useMarkProductSold } from '../api/product-mutations';
import { LazyConfirmDialog, LazyEditProductDialog, preloadEditProductDialog } from './lazy-dialogs';
import { NoticeSnackbar } from '@/components/feedback/notice-snackbar';
import { EmptyState } from './product-grid';
import { ProductResults } from './product-results';

export type SellerTab = 'active' | 'sold';

const viewsLabel = (count: number) => formatCount(count, 'visita', 'visitas');

/** How many people saved the listing (issue 9: the seller sees it). */
const savesLabel = (count: number) => formatCount(count, 'favorito', 'favoritos');

/** The delete error texts of spec section 8 (a 409 explains itself). */
const deleteErrorMessage = (error: unknown) => {
  if (isApiError(error) && error.status === 409) return error.message;
  if (isApiError(error) && error.status >= 500) return PRODUCT_MESSAGES.deleteServerError;
  return toUserMessage(error, PRODUCT_MESSAGES.deleteError);
};

/**
 * /my-products (spec section 2): the four statistic cards, tabs Activos and Vendidos, a refresh
 * button, and per listing its views, edit, mark sold, delete and the offers received. The sold
 * tab hides the offers and edit actions. `onViewOffers` is the trade feature's seam.
 */
export const SellerDashboard = ({
  sellerId,
  tab,
  page,
  categories,
  onTabChange,
  onPageChange,
  onViewOffers,
  aboveTabs,
}: {
  /** Composed by the page between the figures and the tabs (the hand-off cards, issue 20). */
  aboveTabs?: ReactNode;
  sellerId: number;
  tab: SellerTab;
  /** 1-based. */
  page: number;
  categories: readonly { id: number; name: string }[];
  onTabChange: (tab: SellerTab) => void;
  onPageChange: (page: number) => void;
  onViewOffers: (product: Product) => void;
}) => {
  const queryClient = useQueryClient();
  const stats = useSellerStats();
  const listing = useProducts({
    sellerId,
    isSold: tab === 'sold',
    page: page - 1,
    size: PAGE_SIZE,
  });
  const markSold = useMarkProductSold();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<Product | null>(null);
  const [selling, setSelling] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['products'] });
  const isRefreshing = stats.isFetching || listing.isFetching;

  const closeSelling = () => {
    setSelling(null);
    markSold.reset();
  };
  const closeDeleting = () => {
    setDeleting(null);
    remove.reset();
  };

  const renderActions = (product: Product) =>
    product.isSold ? (
      <Button
        size="small"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        onClick={() => setDeleting(product)}
        aria-label={`Eliminar ${product.title}`}
      >
        Eliminar
      </Button>
    ) : (
      <>
        <IconButton
          title="Editar"
          aria-label={`Editar ${product.title}`}
          onClick={() => setEditing(product)}
          onMouseEnter={preloadEditProductDialog}
          onFocus={preloadEditProductDialog}
          color="primary"
        >
          <EditOutlinedIcon />
        </IconButton>
        <IconButton
          title="Ofertas recibidas"
          aria-label={`Ver ofertas de ${product.title}`}
          onClick={() => onViewOffers(product)}
          color="primary"
        >
          <LocalOfferOutlinedIcon />
        </IconButton>
        <IconButton
          title="Marcar como vendido"
          aria-label={`Marcar ${product.title} como vendido`}
          onClick={() => setSelling(product)}
          color="success"
        >
          <CheckCircleOutlineIcon />
        </IconButton>
        <IconButton
          title="Eliminar"
          aria-label={`Eliminar ${product.title}`}
          onClick={() => setDeleting(product)}
          color="error"
        >
          <DeleteOutlineIcon />
        </IconButton>
      </>
    );

  const renderFooter = (product: Product) => (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
    >
      <VisibilityOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />
      <span>{viewsLabel(product.viewCount ?? 0)}</span>
      {product.favoritesCount !== undefined && product.favoritesCount > 0 && (
        <>
          <FavoriteBorderIcon sx={{ fontSize: 16, ml: 1 }} aria-hidden />
          <span>{savesLabel(product.favoritesCount)}</span>
        </>
      )}
    </Typography>
  );

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Box>
          <Typography variant="h2" component="h1">
            Mis productos
          </Typography>
          <Typography color="text.secondary">
            Tus publicaciones, sus visitas y tus ventas.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
          <RefreshButton onClick={refresh} busy={isRefreshing} />
          <Button
            component={RouterLink}
            to={paths.createProduct}
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            Publicar
          </Button>
        </Box>
      </Box>

      <Box
        component="section"
        aria-label="Estadísticas de ventas"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: { xs: 1.5, sm: 2 },
          mb: 3,
        }}
      >
        {stats.isPending ? (
          Array.from({ length: 4 }, (_, index) => <StatCardSkeleton key={index} />)
        ) : stats.isError ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <ErrorAlert
              message={PRODUCT_MESSAGES.listError}
              onRetry={() => void stats.refetch()}
              isRetrying={stats.isFetching}
            />
          </Box>
        ) : (
          <>
            <StatCard
              label="Total"
              value={stats.data.total}
              icon={<Inventory2OutlinedIcon />}
              hint={viewsLabel(stats.data.totalViews)}
            />
            <StatCard label="Activos" value={stats.data.active} icon={<StorefrontOutlinedIcon />} />
            <StatCard label="Vendidos" value={stats.data.sold} icon={<SellOutlinedIcon />} />
            <StatCard
              label="Total ganado"
              value={formatPrice(stats.data.totalEarned)}
              icon={<PaidOutlinedIcon />}
            />
          </>
        )}
      </Box>

      {aboveTabs}
      <Tabs
        value={tab}
        onChange={(_event, value: SellerTab) => onTabChange(value)}
        aria-label="Mis productos por estado"
        sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="active" label={`Activos${stats.data ? ` (${stats.data.active})` : ''}`} />
        <Tab value="sold" label={`Vendidos${stats.data ? ` (${stats.data.sold})` : ''}`} />
      </Tabs>

      <ProductResults
        query={listing}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={onPageChange}
        label={tab === 'active' ? 'Productos activos' : 'Productos vendidos'}
        skeletons={8}
        headingLevel="h2"
        renderActions={renderActions}
        renderFooter={renderFooter}
        empty={
          tab === 'active' ? (
            <EmptyState
              title="No tienes productos activos"
              hint="Publica lo que ya no usas: en minutos lo verá toda tu comunidad."
              icon={<StorefrontOutlinedIcon />}
              action={
                <Button component={RouterLink} to={paths.createProduct} variant="contained">
                  Publicar producto
                </Button>
              }
            />
          ) : (
            <EmptyState
              title="Aún no has vendido productos"
              hint="Cuando vendas algo, aparecerá aquí con su precio."
              icon={<SellOutlinedIcon />}
            />
          )
        }
      />

      {editing && (
        <LazyEditProductDialog
          product={editing}
          categories={categories}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice('Producto actualizado');
          }}
        />
      )}
      <LazyConfirmDialog
        open={selling !== null}
        title="¿Marcar como vendido?"
        confirmLabel="Marcar como vendido"
        isPending={markSold.isPending}
        error={markSold.isError ? PRODUCT_MESSAGES.markSoldError : null}
        onClose={closeSelling}
        onConfirm={() =>
          selling &&
          markSold.mutate(selling.id, {
            onSuccess: () => {
              closeSelling();
              setNotice('Producto marcado como vendido');
            },
          })
        }
      >
        «{selling?.title}» dejará de recibir ofertas y mensajes. Esta acción no se puede deshacer.
      </LazyConfirmDialog>
      <LazyConfirmDialog
        open={deleting !== null}
        title={PRODUCT_MESSAGES.deleteConfirm}
        confirmLabel="Eliminar"
        confirmColor="error"
        isPending={remove.isPending}
        error={remove.isError ? deleteErrorMessage(remove.error) : null}
        onClose={closeDeleting}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              closeDeleting();
              setNotice('Producto eliminado');
            },
          })
        }
      >
        «{deleting?.title}» y sus fotos se borrarán.
      </LazyConfirmDialog>
      <NoticeSnackbar message={notice} onClose={() => setNotice(null)} />
    </>
  );
};
