import type { Product } from '@unimercado/shared/schemas/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Body of `POST /api/products` and `PUT /api/products/{id}` (spec section 7). */
export type ProductPayload = {
  title: string;
  description: string;
  price: number;
  /** Condition: Nuevo, Seminuevo or Usado. */
  status: string;
  location: string;
  categoryId: number;
  /** Comma-joined URLs answered by the upload call, cover first. */
  imageUrl: string;
  /** Course codes ('MAT101'), decision 095. */
  courseCodes?: string[];
};

export const createProduct = (payload: ProductPayload) => api.post<Product>('/products', payload);

export const updateProduct = (id: number, payload: Partial<ProductPayload>) =>
  api.put<Product>(`/products/${id}`, { id, ...payload });

export const markProductSold = (id: number) => api.patch<Product>(`/products/${id}/sold`);

export const deleteProduct = (id: number) => api.delete<null>(`/products/${id}`);

/** 'Renovar' (decision 094): listed again for a whole period. */
export const renewProduct = (id: number) => api.post<Product>(`/products/${id}/renew`);

/** Every list, detail and dashboard figure may show the changed product: all are refreshed. */
const useInvalidateProducts = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['products'] });
};

export const useCreateProduct = () => {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: createProduct, onSuccess: invalidate });
};

export const useUpdateProduct = () => {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: Partial<ProductPayload> }) =>
      updateProduct(id, payload),
    onSuccess: invalidate,
  });
};

export const useMarkProductSold = () => {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: markProductSold, onSuccess: invalidate });
};

export const useDeleteProduct = () => {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: deleteProduct, onSuccess: invalidate });
};

export const useRenewProduct = () => {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: renewProduct, onSuccess: invalidate });
};
