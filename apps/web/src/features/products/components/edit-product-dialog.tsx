import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/product-messages';
import type { Product } from '@unimercado/shared/schemas/products';
import { useId, useState } from 'react';
import { toUserMessage } from '@/lib/api-client';
import { useSaveProduct } from '../hooks/use-save-product';
import type { PickedImage } from './image-picker';
import { ProductForm, type ProductFormValues } from './product-form';
import { SaveProgress } from './save-progress';

const existingImages = (product: Product): PickedImage[] =>
  product.images.map((image) => ({
    id: image.url,
    kind: 'existing',
    url: image.url,
    previewUrl: image.thumbnailUrl,
  }));

/**
 * Edits a listing (spec section 2, My products): every field and the photos, where the kept
 * ones plus the new ones are at most 3 (spec section 5).
 */
export const EditProductDialog = ({
  product,
  categories,
  onClose,
  onSaved,
}: {
  product: Product;
  categories: readonly { id: number; name: string }[];
  onClose: () => void;
  onSaved: (product: Product) => void;
}) => {
  const formId = useId();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const flow = useSaveProduct();
  const [images, setImages] = useState(() => existingImages(product));

  const submit = (values: ProductFormValues) => {
    flow.save(values, images, product.id).then(onSaved, () => undefined);
  };

  return (
    <Dialog
      open
      onClose={flow.isSaving ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Editar producto
        <IconButton
          aria-label="Cerrar"
          onClick={onClose}
          disabled={flow.isSaving}
          sx={{ position: 'absolute', right: 12, top: 10 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <ProductForm
          formId={formId}
          product={product}
          categories={categories}
          images={images}
          onImagesChange={setImages}
          disabled={flow.isSaving}
          onSubmit={submit}
        />
        <SaveProgress stage={flow.stage} progress={flow.progress} />
        {flow.error !== null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            <AlertTitle>{PRODUCT_MESSAGES.editImagesError}</AlertTitle>
            {toUserMessage(flow.error, PRODUCT_MESSAGES.editError)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={flow.isSaving}>
          Cancelar
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={flow.isSaving}>
          {flow.isSaving ? 'Guardando...' : 'Guardar cambios'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
