import {
  type AcceptInvitationInput,
  type ForgotPasswordInput,
  messageResponseSchema,
  type ResetPasswordWithLinkInput,
} from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';

/** POST /auth/forgot-password: the same answer whether or not an account has the email. */
export async function forgotPassword(input: ForgotPasswordInput) {
  const response = await apiClient.post('/auth/forgot-password', input);
  return parseResponse(messageResponseSchema, response.data);
}

/** POST /auth/reset-password: the emailed link's token and the new password, twice. */
export async function resetPassword(input: ResetPasswordWithLinkInput) {
  const response = await apiClient.post('/auth/reset-password', input);
  return parseResponse(messageResponseSchema, response.data);
}

/** POST /auth/accept-invitation: the emailed invitation's token and the first password, twice. */
export async function acceptInvitation(input: AcceptInvitationInput) {
  const response = await apiClient.post('/auth/accept-invitation', input);
  return parseResponse(messageResponseSchema, response.data);
}
