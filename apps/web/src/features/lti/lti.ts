import {
  type LtiDeepLinkData,
  ltiDeepLinkDataSchema,
  ltiDeepLinkResponseSchema,
  ltiSessionDataSchema,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { sessionUserSchema } from '@/lib/session';

const sessionResponse = successResponse(ltiSessionDataSchema.extend({ user: sessionUserSchema }));

/** POST /lti/session: the launched person's session, with the launch's one-time ticket. */
export async function collectLaunchSession(ticket: string) {
  const response = await apiClient.post('/lti/session', { ticket });
  return parseResponse(sessionResponse, response.data);
}

export type InstructorArea = 'admin' | 'faculty';

/** GET /{area}/lti-deep-link/{id}: the LMS's request and the exams this instructor may place. */
export function useDeepLinkChoices(area: InstructorArea, id: string) {
  return useQuery({
    queryKey: ['lti-deep-link', area, id],
    queryFn: async (): Promise<LtiDeepLinkData> => {
      const response = await apiClient.get(`/${area}/lti-deep-link/${encodeURIComponent(id)}`);
      return parseResponse(successResponse(ltiDeepLinkDataSchema), response.data).data;
    },
    retry: false,
  });
}

/** POST /{area}/lti-deep-link/{id}: the choice; the answer names the page that posts it to the LMS. */
export function useChooseExam(area: InstructorArea, id: string) {
  return useMutation({
    mutationFn: async (examId: string) => {
      const response = await apiClient.post(`/${area}/lti-deep-link/${encodeURIComponent(id)}`, {
        examId,
      });
      return parseResponse(successResponse(ltiDeepLinkResponseSchema), response.data).data;
    },
  });
}
