import { type ChangePasswordInput, messageResponseSchema } from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';

/** POST /auth/change-password: the temporary password is sent as currentPassword. */
export async function changePassword(input: ChangePasswordInput) {
  const response = await apiClient.post('/auth/change-password', input);
  return parseResponse(messageResponseSchema, response.data);
}
