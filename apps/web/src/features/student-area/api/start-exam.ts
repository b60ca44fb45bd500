import { attemptViewSchema, type SystemCheck, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { withReceivedAt } from '../server-time';
import { attemptQueryKey, myExamsQueryKey } from './keys';

const startExamResponseSchema = successResponse(attemptViewSchema);

/**
 * POST /student/start-exam/{examId}: starts the attempt, or resumes the one already started. A
 * proctored exam's start carries the lobby's system check.
 */
export async function startExam({
  examId,
  systemCheck,
}: {
  examId: string;
  systemCheck?: SystemCheck;
}) {
  const response = await apiClient.post(
    `/student/start-exam/${examId}`,
    systemCheck ? { systemCheck } : undefined,
  );
  return withReceivedAt(parseResponse(startExamResponseSchema, response.data).data);
}

export function useStartExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExam,
    onSuccess: (view) => {
      // The attempt page opens on this answer instead of asking for the same view again.
      queryClient.setQueryData(attemptQueryKey(view.attempt._id), view);
      void queryClient.invalidateQueries({ queryKey: myExamsQueryKey });
    },
  });
}
