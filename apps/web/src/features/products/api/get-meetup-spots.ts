import type { MeetupSpot } from '@unimercado/shared/schemas/meetups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The active campus meet-up spots a seller may mark on a listing (decision 082). */
export const useActiveMeetupSpots = () =>
  useQuery(
    queryOptions({
      queryKey: ['meetup-spots', { includeInactive: false }],
      queryFn: () => api.get<MeetupSpot[]>('/meetup-spots'),
      staleTime: 5 * 60_000,
    }),
  );
