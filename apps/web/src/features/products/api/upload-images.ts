import { apiUpload, type UploadOptions } from '@/lib/api-client';

/**
 * `POST /api/products/upload-images` (spec section 7): the photos in the multipart field `files`;
 * answers their URLs, in order, for the product's `imageUrl`.
 */
export const uploadImages = (files: readonly File[], options: UploadOptions = {}) => {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return apiUpload<string[]>('/products/upload-images', form, options);
};
