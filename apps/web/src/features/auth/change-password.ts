import type { ChangePasswordInput } from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';
import { signedInResponseSchema } from '@/lib/auth-store';

/**
 * POST /auth/change-password: the temporary password is sent as currentPassword. The answer is
 * a new session, as a sign-in's.
 */
export async function changePassword(input: ChangePasswordInput) {
  const response = await apiClient.post('/auth/change-password', input);
  return parseResponse(signedInResponseSchema, response.data);
}
