import { useState } from 'react';
import { cn } from '@/lib/cn';

interface AvatarProps {
  /** The photo URL an admin typed in; it may be unreachable or refused by the page's policy. */
  photo: string;
  name: string;
  className?: string;
}

/** A round photo that falls back to the person's initials when the image cannot be shown. */
export function Avatar({ photo, name, className }: AvatarProps) {
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  const showPhoto = photo !== '' && failedPhoto !== photo;
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
          src={photo}
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
