import type { Handoff } from '@unimercado/shared/schemas/handoffs';
import type {
  CreateMeetupBody,
  Meetup,
  MeetupSpot,
  MeetupSpotBody,
} from '@unimercado/shared/schemas/meetups';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const MEETUP_SPOTS_KEY = ['meetup-spots'] as const;

/** `GET /api/meetup-spots`; admins may include the inactive ones. */
export const meetupSpotsQueryOptions = (includeInactive = false) =>
  queryOptions({
    queryKey: [...MEETUP_SPOTS_KEY, { includeInactive }],
    queryFn: () =>
      api.get<MeetupSpot[]>(
        '/meetup-spots',
        includeInactive ? { query: { includeInactive: 'true' } } : {},
      ),
    staleTime: 5 * 60_000,
  });

export const useMeetupSpots = (includeInactive = false) =>
  useQuery(meetupSpotsQueryOptions(includeInactive));

/** The reserved hand-off between the caller and `partnerId`, if any (the newest). */
export const useReservedHandoffWith = (partnerId: number) =>
  useQuery({
    queryKey: ['handoffs', 'reserved', 'with', partnerId],
    queryFn: async () => {
      const list = await api.get<Handoff[]>('/handoffs', {
        query: { state: 'reserved', size: 50 },
      });
      return list.find((h) => h.buyer.id === partnerId || h.seller.id === partnerId) ?? null;
    },
  });

const useInvalidateHandoffs = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['handoffs'] });
};

export const useProposeMeetup = () => {
  const invalidate = useInvalidateHandoffs();
  return useMutation({
    mutationFn: ({ handoffId, body }: { handoffId: number; body: CreateMeetupBody }) =>
      api.post<Meetup>(`/handoffs/${handoffId}/meetups`, body),
    onSuccess: () => invalidate(),
  });
};

export const useAnswerMeetup = () => {
  const invalidate = useInvalidateHandoffs();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
      api.post<Meetup>(`/meetups/${id}/${answer}`),
    onSuccess: () => invalidate(),
  });
};

export const useSaveMeetupSpot = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MeetupSpotBody }) =>
      id === null
        ? api.post<MeetupSpot>('/meetup-spots', body)
        : api.put<MeetupSpot>(`/meetup-spots/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEETUP_SPOTS_KEY }),
  });
};

export const useDeleteMeetupSpot = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ deleted: boolean; spot: MeetupSpot | null }>(`/meetup-spots/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEETUP_SPOTS_KEY }),
  });
};
