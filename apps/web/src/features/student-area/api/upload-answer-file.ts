import {
  ANSWER_FILE_UPLOAD,
  type AnswerFile,
  answerFileSchema,
  successResponse,
} from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';

const uploadAnswerFileResponseSchema = successResponse(answerFileSchema);

/**
 * POST /student/upload-answer-file/{attemptId} (multipart `questionId`, `file`): the file stored
 * for the question, with a signed URL to show it. The same bytes sent again keep their id, so a
 * retried upload is harmless. The question's id goes first: the server reads it to know the
 * question's limits before the file streams in. Not a mutation hook: the attempt's uploader
 * decides when to send, outside React's renders.
 */
export async function uploadAnswerFile(
  attemptId: string,
  { questionId, blob, fileName }: { questionId: string; blob: Blob; fileName: string },
  onProgress: (sent: number) => void,
): Promise<AnswerFile> {
  const form = new FormData();
  form.set(ANSWER_FILE_UPLOAD.questionField, questionId);
  form.set(ANSWER_FILE_UPLOAD.fileField, blob, fileName);
  const response = await apiClient.postForm(`/student/upload-answer-file/${attemptId}`, form, {
    onUploadProgress: onProgress,
  });
  return parseResponse(uploadAnswerFileResponseSchema, response.data).data;
}
