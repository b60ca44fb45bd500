import type { MediaUrls } from '@examiq/contracts';
import { useEffect, useMemo, useState } from 'react';
import { getMediaUrls, mediaIdsWithoutUrls } from '@/lib/get-media-urls';
import type { BankArea } from '@/lib/lookups/bank-lookups';
import { uploadMedia } from '@/lib/upload-media';
import type { ImageUploads } from './image-uploads';

/**
 * Image uploads for a form of exam content (the wizard, the bank editor) in the user's area and
 * the URLs its previews show images through: those stored with the content, and each one
 * uploaded since.
 */
export function useImageUploads(
  area: BankArea,
  initialValues: unknown,
  storedMediaUrls: MediaUrls | undefined,
) {
  const [mediaUrls, setMediaUrls] = useState<MediaUrls>(storedMediaUrls ?? {});
  const imageUploads = useMemo<ImageUploads>(
    () => ({
      upload: async (file, onProgress) => {
        const media = await uploadMedia(area, file, onProgress);
        setMediaUrls((current) => ({ ...current, [media._id]: media.url }));
        return media;
      },
      adopt: (urls) => setMediaUrls((current) => ({ ...current, ...urls })),
    }),
    [area],
  );
  // Content resumed on this device may hold images uploaded before it was saved: their URLs are
  // asked for once, and an image that is gone shows its alt text.
  useEffect(() => {
    const missing = mediaIdsWithoutUrls(initialValues, storedMediaUrls ?? {});
    if (missing.length === 0) return;
    getMediaUrls(area, missing).then(imageUploads.adopt, () => undefined);
  }, [area, initialValues, storedMediaUrls, imageUploads]);
  return { mediaUrls, imageUploads };
}
