import {
  MEDIA_LIMITS,
  type MediaUrls,
  mediaUrlsDataSchema,
  successResponse,
} from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';
import type { BankArea } from '@/lib/lookups/bank-lookups';

const mediaUrlsResponseSchema = successResponse(mediaUrlsDataSchema);

/** A `media:<id>` reference anywhere in a form's values, as the server's sweep reads them. */
const MEDIA_REFERENCE = /media:([0-9a-f]{64})/g;

/** The media ids the values refer to that `known` has no URL for. */
export function mediaIdsWithoutUrls(values: unknown, known: MediaUrls): string[] {
  const ids = new Set<string>();
  for (const [, id] of JSON.stringify(values).matchAll(MEDIA_REFERENCE)) {
    if (id && !(id in known)) ids.add(id);
  }
  return [...ids].slice(0, MEDIA_LIMITS.maxUrlsAsked);
}

/** POST /{area}/media-urls: signed URLs of images already uploaded; unknown ids are left out. */
export async function getMediaUrls(area: BankArea, mediaIds: string[]): Promise<MediaUrls> {
  const response = await apiClient.post(`/${area}/media-urls`, { mediaIds });
  return parseResponse(mediaUrlsResponseSchema, response.data).data.mediaUrls;
}
