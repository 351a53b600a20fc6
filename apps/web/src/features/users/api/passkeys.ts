import type { CreationOptions, Passkey } from '@unimercado/shared/schemas/passkeys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The signed-in member's passkeys (decision 067), oldest first. */
export const getPasskeys = () => api.get<Passkey[]>('/passkeys');

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: ['passkeys'], queryFn: getPasskeys });

export const usePasskeys = () => useQuery(passkeysQueryOptions());

/**
 * Asks the server for a challenge, lets the browser make the passkey (the WebAuthn library is
 * loaded only now: it is not part of the profile's first render) and stores it.
 */
export const addPasskey = async (input: { name: string; currentPassword: string | null }) => {
  const options = await api.post<CreationOptions>('/passkeys/options', {
    currentPassword: input.currentPassword,
  });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return api.post<Passkey>('/passkeys', {
    response,
    ...(input.name.trim() ? { name: input.name.trim() } : {}),
  });
};

export const useAddPasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries(passkeysQueryOptions()),
  });
};

export const deletePasskey = (id: number) => api.delete<null>(`/passkeys/${id}`);

export const useDeletePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => queryClient.invalidateQueries(passkeysQueryOptions()),
  });
};
