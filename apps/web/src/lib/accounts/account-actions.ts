import {
  accountStatusDataSchema,
  messageResponseSchema,
  PEOPLE_MESSAGES,
  resetPasswordDataSchema,
  type SetAccountStatusInput,
  successResponse,
} from '@examiq/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const accountStatusResponseSchema = successResponse(accountStatusDataSchema);
const resetPasswordResponseSchema = successResponse(resetPasswordDataSchema);

/** POST /admin/set-account-status: answers with the message to show. */
export async function setAccountStatus(input: SetAccountStatusInput) {
  const response = await apiClient.post('/admin/set-account-status', input);
  const body = parseResponse(accountStatusResponseSchema, response.data);
  const fallback = input.isActive
    ? PEOPLE_MESSAGES.accountReactivated
    : PEOPLE_MESSAGES.accountDeactivated;
  return body.message ?? fallback;
}

/** POST /admin/reset-password: the account's new default password, answered only here. */
export async function resetPassword(userId: string) {
  const response = await apiClient.post('/admin/reset-password', { userId });
  const body = parseResponse(resetPasswordResponseSchema, response.data);
  return { message: body.message ?? PEOPLE_MESSAGES.passwordReset, ...body.data };
}

/** POST /admin/resend-invitation: mails a new set-password link; answers with the message. */
export async function resendInvitation(userId: string) {
  const response = await apiClient.post('/admin/resend-invitation', { userId });
  return parseResponse(messageResponseSchema, response.data).message;
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}

/** `records` is the query key of the lists and details showing the account, refreshed after. */
export function useSetAccountStatus(records: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccountStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: records }),
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
