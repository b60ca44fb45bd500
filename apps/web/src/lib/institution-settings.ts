import {
  type InstitutionSettingsData,
  type InstitutionSettingsUpdate,
  institutionSettingsDataSchema,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const settingsResponseSchema = successResponse(institutionSettingsDataSchema);
const settingsQueryKey = ['institution-settings'] as const;

/** GET /admin/settings: the institution's settings, the spec's rules where none was saved. */
export async function getSettings(): Promise<InstitutionSettingsData> {
  const response = await apiClient.get('/admin/settings');
  return parseResponse(settingsResponseSchema, response.data).data;
}

/** `enabled: false` until a page needs them (the import, once a file is checked). */
export function useInstitutionSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: settingsQueryKey, queryFn: getSettings, enabled });
}

/**
 * Whether the institution emails invitations; false until its settings are read. `enabled: false`
 * reads nothing, for a page that may have nothing to invite.
 */
export function useOffersInvitation({ enabled = true }: { enabled?: boolean } = {}): boolean {
  return useInstitutionSettings({ enabled }).data?.settings.invitationEmails === true;
}

/**
 * A new account's intro, '… gets a default password to change at first sign-in' without its full
 * stop, ended as the institution offers: naming the emailed invitation only while it is on.
 */
export function firstPasswordSentence(intro: string, offersInvitation: boolean): string {
  return `${intro}${offersInvitation ? ', or an emailed invitation to set one' : ''}.`;
}

/** PUT /admin/settings: answers the settings as saved. */
export async function saveSettings(settings: InstitutionSettingsUpdate) {
  const response = await apiClient.put('/admin/settings', settings);
  return parseResponse(settingsResponseSchema, response.data);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: ({ data }) => queryClient.setQueryData(settingsQueryKey, data),
  });
}
