import { openSectionResultSchema, successResponse } from '@examiq/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const openSectionResponseSchema = successResponse(openSectionResultSchema);

/** POST /student/open-section/{attemptId}: starts a timed section's own clock, once. */
export async function openSection({
  attemptId,
  sectionId,
}: {
  attemptId: string;
  sectionId: string;
}) {
  const response = await apiClient.post(`/student/open-section/${attemptId}`, { sectionId });
  return parseResponse(openSectionResponseSchema, response.data).data;
}

export function useOpenSection() {
  return useMutation({ mutationFn: openSection });
}
