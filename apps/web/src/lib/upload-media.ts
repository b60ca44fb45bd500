import { MEDIA_UPLOAD, type Media, mediaSchema, successResponse } from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';

const uploadMediaResponseSchema = successResponse(mediaSchema);

/**
 * POST /admin/upload-media (multipart `file`): the image stored for exam content, with a signed
 * URL to show it at once. `onProgress` hears the share of the file sent so far.
 */
export async function uploadMedia(file: File, onProgress: (sent: number) => void): Promise<Media> {
  const form = new FormData();
  form.set(MEDIA_UPLOAD.fileField, file);
  const response = await apiClient.postForm('/admin/upload-media', form, {
    onUploadProgress: onProgress,
  });
  return parseResponse(uploadMediaResponseSchema, response.data).data;
}
