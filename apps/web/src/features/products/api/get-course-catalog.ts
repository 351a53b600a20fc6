import type { CourseCatalog } from '@unimercado/shared/schemas/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getCourseCatalog = (signal?: AbortSignal) =>
  api.get<CourseCatalog>('/products/courses', { signal });

export const courseCatalogQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'courses'],
    queryFn: ({ signal }) => getCourseCatalog(signal),
    staleTime: 10 * 60_000,
  });

/** The university's course-code format and the codes to suggest (decision 095). */
export const useCourseCatalog = () => useQuery(courseCatalogQueryOptions());
