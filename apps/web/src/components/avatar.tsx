import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * A photo URL on another site, or null when it is on this one (or not a web address at all). A
 * photo on another site is never loaded by itself: the page's policy allows images from this
 * origin only, since an image that loads as a record opens tells its host who looked and when.
 */
export function externalPhoto(photo: string | null): URL | null {
  if (!photo) return null;
  try {
    const url = new URL(photo, window.location.href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === window.location.origin ? null : url;
  } catch {
    return null;
  }
}

interface AvatarProps {
  /**
   * The photo URL an admin typed in; shown only when it is on this site, else the initials (also
   * when none was given).
   */
  photo: string | null;
  name: string;
  className?: string;
}

/** A round photo that falls back to the person's initials when the image cannot be shown. */
export function Avatar({ photo, name, className }: AvatarProps) {
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  const showPhoto = Boolean(photo) && failedPhoto !== photo && externalPhoto(photo) === null;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

  return (
    <span
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700',
        className,
      )}
    >
      {showPhoto ? (
        <img
          src={photo ?? undefined}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailedPhoto(photo)}
        />
      ) : (
        <span aria-hidden="true">{initials}</span>
      )}
    </span>
  );
}

/**
 * A person's photo with, when it lives on another site, a link the admin chooses to open: in a new
 * tab, telling that site nothing of the page it came from.
 */
export function ProfilePhoto({ photo, name }: { photo: string | null; name: string }) {
  const external = externalPhoto(photo);
  return (
    <div className="flex shrink-0 flex-col items-center gap-2">
      <Avatar photo={photo} name={name} className="size-24 text-2xl" />
      {external && (
        <a
          href={external.href}
          target="_blank"
          rel="noreferrer noopener"
          referrerPolicy="no-referrer"
          className="inline-flex max-w-40 items-center gap-1 text-xs font-medium break-all text-brand-700 underline hover:text-brand-800"
        >
          {`Open photo (${external.host})`}
          <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
        </a>
      )}
    </div>
  );
}
