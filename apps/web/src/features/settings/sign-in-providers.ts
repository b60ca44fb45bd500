import {
  messageResponseSchema,
  type SignInProviderInput,
  type SignInProvidersData,
  signInProviderSchema,
  signInProvidersDataSchema,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const providersQueryKey = ['sign-in-providers'] as const;
const providerResponse = successResponse(signInProviderSchema);

/** GET /admin/sign-in-providers: the providers, their secrets only as set or not. */
async function getSignInProviders(): Promise<SignInProvidersData> {
  const response = await apiClient.get('/admin/sign-in-providers');
  return parseResponse(successResponse(signInProvidersDataSchema), response.data).data;
}

export function useSignInProviders() {
  return useQuery({ queryKey: providersQueryKey, queryFn: getSignInProviders });
}

/** What the form sends: a client secret left out keeps the stored one. */
export type ProviderChanges = Omit<SignInProviderInput, 'clientSecret'> & {
  clientSecret?: string | undefined;
};

/** POST /admin/create-sign-in-provider, or PUT /admin/update-sign-in-provider/{id} with an id. */
async function saveSignInProvider({
  id,
  changes,
}: {
  id: string | null;
  changes: ProviderChanges;
}) {
  const response = id
    ? await apiClient.put(`/admin/update-sign-in-provider/${encodeURIComponent(id)}`, changes)
    : await apiClient.post('/admin/create-sign-in-provider', changes);
  return parseResponse(providerResponse, response.data);
}

/** DELETE /admin/delete-sign-in-provider/{id}. */
async function deleteSignInProvider(id: string) {
  const response = await apiClient.delete(
    `/admin/delete-sign-in-provider/${encodeURIComponent(id)}`,
  );
  return parseResponse(messageResponseSchema, response.data);
}

export function useSaveSignInProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSignInProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

export function useDeleteSignInProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSignInProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}
