import type { Product } from '@unimercado/shared/schemas/products';
import { useCallback, useState } from 'react';
import { useCreateProduct, useUpdateProduct } from '../api/product-mutations';
import { uploadImages } from '../api/upload-images';
import type { PickedImage } from '../components/image-picker';
import type { ProductFormValues } from '../components/product-form';

export type SaveStage = 'idle' | 'uploading' | 'saving';

/**
 * Publishing or editing: the new photos are uploaded first (with progress), then the product is
 * saved with every photo's URL in the chosen order (cover first), as the contract's `imageUrl`.
 */
export const useSaveProduct = () => {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [stage, setStage] = useState<SaveStage>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<unknown>(null);

  const save = useCallback(
    async (values: ProductFormValues, images: readonly PickedImage[], productId?: number) => {
      setError(null);
      try {
        const files = images.flatMap((image) => (image.kind === 'new' ? [image.file] : []));
        let uploaded: string[] = [];
        if (files.length > 0) {
          setStage('uploading');
          setProgress(0);
          uploaded = await uploadImages(files, { onProgress: setProgress });
        }
        let next = 0;
        const urls = images.map((image) =>
          image.kind === 'existing' ? image.url : uploaded[next++],
        );
        setStage('saving');
        const payload = { ...values, imageUrl: urls.join(',') };
        const product: Product =
          productId === undefined
            ? await create.mutateAsync(payload)
            : await update.mutateAsync({ id: productId, payload });
        return product;
      } catch (caught) {
        setError(caught);
        throw caught;
      } finally {
        setStage('idle');
      }
    },
    [create, update],
  );

  return { save, stage, progress, error, isSaving: stage !== 'idle', reset: () => setError(null) };
};
