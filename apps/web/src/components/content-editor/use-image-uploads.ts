import type { MediaUrls } from '@examiq/contracts';
import { useEffect, useMemo, useState } from 'react';
import { getMediaUrls, mediaIdsWithoutUrls } from '@/lib/get-media-urls';
import { uploadMedia } from '@/lib/upload-media';
import type { ImageUploads } from './image-uploads';

/**
 * Image uploads for a form of exam content (the wizard, the bank editor) and the URLs its
 * previews show images through: those stored with the content, and each one uploaded since.
 */
export function useImageUploads(initialValues: unknown, storedMediaUrls: MediaUrls | undefined) {
  const [mediaUrls, setMediaUrls] = useState<MediaUrls>(storedMediaUrls ?? {});
  const imageUploads = useMemo<ImageUploads>(
    () => ({
      upload: async (file, onProgress) => {
        const media = await uploadMedia(file, onProgress);
        setMediaUrls((current) => ({ ...current, [media._id]: media.url }));
        return media;
      },
      adopt: (urls) => setMediaUrls((current) => ({ ...current, ...urls })),
    }),
    [],
  );
  // Content resumed on this device may hold images uploaded before it was saved: their URLs are
  // asked for once, and an image that is gone shows its alt text.
  useEffect(() => {
    const missing = mediaIdsWithoutUrls(initialValues, storedMediaUrls ?? {});
    if (missing.length === 0) return;
    getMediaUrls(missing).then(imageUploads.adopt, () => undefined);
  }, [initialValues, storedMediaUrls, imageUploads]);
  return { mediaUrls, imageUploads };
}
