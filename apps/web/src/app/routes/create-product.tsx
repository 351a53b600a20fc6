import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PUBLISH_REDIRECT_MS } from '@unimercado/shared/constants';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/product-messages';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { useVerificationStatus } from '@/features/auth/api/verification-status';
import { useCategories } from '@/features/categories/api/get-categories';
import type { PickedImage } from '@/features/products/components/image-picker';
import {
  LazyProductForm,
  preloadProductForm,
  ProductFormSkeleton,
} from '@/features/products/components/lazy-product-form';
import type { ProductFormValues } from '@/features/products/components/product-form';
import { SaveProgress } from '@/features/products/components/save-progress';
import { useSaveProduct } from '@/features/products/hooks/use-save-product';
import { PRODUCTS_TEXT } from '@/features/products/messages';
import { isApiError, toUserMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** Unverified accounts cannot publish (403 EMAIL_NOT_VERIFIED): the page says how to verify. */
const VerifyToPublish = () => {
  const { updateUser } = useAuth();
  const status = useVerificationStatus();
  // Verified meanwhile (another tab, the emailed link): the session catches up.
  useEffect(() => {
    if (status.data?.verified) updateUser({ verified: true });
  }, [status.data, updateUser]);
  return (
    <Alert severity="warning" icon={<MarkEmailUnreadOutlinedIcon />} sx={{ mb: 3 }}>
      <AlertTitle>{PRODUCTS_TEXT.notVerifiedTitle}</AlertTitle>
      {PRODUCTS_TEXT.notVerified}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <Button component={RouterLink} to={paths.profile} variant="contained" color="warning">
          {PRODUCTS_TEXT.goVerify}
        </Button>
        <Button color="inherit" onClick={() => void status.refetch()} disabled={status.isFetching}>
          Ya lo verifiqué
        </Button>
      </Stack>
    </Alert>
  );
};

/** /create-product (spec section 2): publish, then go to /my-products after 1.5 s. */
export const CreateProductRoute = () => {
  const formId = useId();
  const navigate = useNavigate();
  const { user, updateUser } = useAuth();
  const categories = useCategories();
  const flow = useSaveProduct();
  const [images, setImages] = useState<PickedImage[]>([]);
  const [isPublished, setIsPublished] = useState(false);

  // The form's code follows the first render, alongside the categories request.
  useEffect(preloadProductForm, []);

  useEffect(() => {
    if (!isPublished) return undefined;
    const timer = setTimeout(() => void navigate(paths.myProducts), PUBLISH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isPublished, navigate]);

  const publish = (values: ProductFormValues) => {
    flow.save(values, images).then(
      () => setIsPublished(true),
      (error: unknown) => {
        if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED')
          updateUser({ verified: false });
      },
    );
  };

  const isVerified = user?.verified !== false;
  const isLocked = !isVerified || flow.isSaving || isPublished;

  return (
    <PageContainer maxWidth="md">
      <PageTitle title="Publicar producto" />
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        Publicar producto
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Cuéntale a tu comunidad qué vendes. Una buena foto y una descripción clara venden más
        rápido.
      </Typography>
      {!isVerified && <VerifyToPublish />}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          {categories.isError ? (
            <ErrorAlert
              message={PRODUCT_MESSAGES.categoriesError}
              onRetry={() => void categories.refetch()}
              isRetrying={categories.isFetching}
            />
          ) : categories.isPending ? (
            <ProductFormSkeleton />
          ) : (
            <LazyProductForm
              formId={formId}
              categories={categories.data}
              images={images}
              onImagesChange={setImages}
              disabled={isLocked}
              onSubmit={publish}
              footer={
                <>
                  <SaveProgress stage={flow.stage} progress={flow.progress} />
                  {isPublished && (
                    <Alert severity="success" sx={{ mb: 2 }} role="status">
                      {PRODUCT_MESSAGES.createSuccess}
                    </Alert>
                  )}
                  {flow.error !== null && !isPublished && (
                    <Alert severity="error" sx={{ mb: 2 }}>
                      <AlertTitle>{PRODUCT_MESSAGES.createError}</AlertTitle>
                      {toUserMessage(flow.error, 'Inténtalo de nuevo en unos segundos.')}
                    </Alert>
                  )}
                  <Button
                    type="submit"
                    form={formId}
                    variant="contained"
                    size="large"
                    fullWidth
                    disabled={isLocked}
                  >
                    {flow.isSaving ? 'Publicando...' : 'Publicar producto'}
                  </Button>
                </>
              }
            />
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
};
