import type { User } from '@unimercado/shared/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The preselected person's name when the page was opened from `?userId=` alone (a reload). */
export const useChatContact = (userId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['chat', 'contact', userId],
    queryFn: () => api.get<User>(`/users/${userId ?? 0}`),
    enabled: enabled && userId !== null,
    staleTime: 5 * 60_000,
  });
