import { MEDIA_UPLOAD, type Media, mediaSchema, successResponse } from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';
import type { BankArea } from '@/lib/lookups/bank-lookups';

const uploadMediaResponseSchema = successResponse(mediaSchema);

/**
 * POST /{area}/upload-media (multipart `file`): the image stored for exam content, with a signed
 * URL to show it at once. `onProgress` hears the share of the file sent so far.
 */
export async function uploadMedia(
  area: BankArea,
  file: File,
  onProgress: (sent: number) => void,
): Promise<Media> {
  const form = new FormData();
  form.set(MEDIA_UPLOAD.fileField, file);
  const response = await apiClient.postForm(`/${area}/upload-media`, form, {
    onUploadProgress: onProgress,
  });
  return parseResponse(uploadMediaResponseSchema, response.data).data;
}
