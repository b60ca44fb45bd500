import {
  type LtiPlatformInput,
  type LtiSettingsData,
  ltiPlatformSchema,
  ltiSettingsDataSchema,
  ltiToolKeySchema,
  messageResponseSchema,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';

const ltiQueryKey = ['lti-platforms'] as const;

/** GET /admin/get-lti-platforms: the platforms, ExamIQ's URLs and keys, the unsent scores. */
async function getLtiSettings(): Promise<LtiSettingsData> {
  const response = await apiClient.get('/admin/get-lti-platforms');
  return parseResponse(successResponse(ltiSettingsDataSchema), response.data).data;
}

export function useLtiSettings() {
  return useQuery({ queryKey: ltiQueryKey, queryFn: getLtiSettings });
}

/** POST /admin/create-lti-platform, or PUT /admin/update-lti-platform/{id} with an id. */
async function saveLtiPlatform({ id, changes }: { id: string | null; changes: LtiPlatformInput }) {
  const response = id
    ? await apiClient.put(`/admin/update-lti-platform/${encodeURIComponent(id)}`, changes)
    : await apiClient.post('/admin/create-lti-platform', changes);
  return parseResponse(successResponse(ltiPlatformSchema), response.data);
}

/** DELETE /admin/delete-lti-platform/{id}. */
async function deleteLtiPlatform(id: string) {
  const response = await apiClient.delete(`/admin/delete-lti-platform/${encodeURIComponent(id)}`);
  return parseResponse(messageResponseSchema, response.data);
}

/** POST /admin/rotate-lti-key. */
async function rotateLtiKey() {
  const response = await apiClient.post('/admin/rotate-lti-key');
  return parseResponse(successResponse(z.array(ltiToolKeySchema)), response.data);
}

function useLtiMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiQueryKey }),
  });
}

export const useSaveLtiPlatform = () => useLtiMutation(saveLtiPlatform);
export const useDeleteLtiPlatform = () => useLtiMutation(deleteLtiPlatform);
export const useRotateLtiKey = () => useLtiMutation(rotateLtiKey);
