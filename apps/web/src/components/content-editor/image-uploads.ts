import {
  MEDIA_CONTENT_TYPES,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type Media,
  type MediaContentType,
  type MediaUrls,
} from '@examiq/contracts';
import { createContext } from 'react';

/**
 * Where an editor's images go. Provided by a screen whose content may hold images (the wizard);
 * an editor without it (a student's answer) offers no image tools.
 */
export interface ImageUploads {
  /** Stores the image; `onProgress` hears the share sent so far, 0 to 1. */
  upload: (file: File, onProgress: (sent: number) => void) => Promise<Media>;
  /** Shows images that came in another way (an imported question's) through these URLs. */
  adopt: (mediaUrls: MediaUrls) => void;
}

export const ImageUploadsContext = createContext<ImageUploads | null>(null);

/**
 * Why the server would refuse this file, told before a byte is sent. The browser's type is only
 * a first look: the server decides from the bytes.
 */
export function imageProblem(file: File): string | null {
  if (!MEDIA_CONTENT_TYPES.includes(file.type as MediaContentType)) return MEDIA_MESSAGES.wrongType;
  if (file.size > MEDIA_LIMITS.maxBytes) return MEDIA_MESSAGES.tooLarge;
  return null;
}
