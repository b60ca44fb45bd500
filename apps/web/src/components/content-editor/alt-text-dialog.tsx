import { CONTENT_MESSAGES } from '@examiq/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../button';
import { Modal } from '../modal';
import { TextField } from '../text-field';

interface AltTextDialogProps {
  /** The uploaded image, shown so that it can be described. */
  imageUrl: string;
  onSave: (alt: string) => void;
  onClose: () => void;
}

/**
 * Asks for an image's description right after it is inserted. Closing without one leaves the
 * question invalid with the same message, so it cannot be published undescribed.
 */
export function AltTextDialog({ imageUrl, onSave, onClose }: AltTextDialogProps) {
  const formId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string>();

  // After the dialog's own focus handling has put focus on its first control.
  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!alt.trim()) {
      setError(CONTENT_MESSAGES.imageAlt);
      return;
    }
    onSave(alt);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Describe the image"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Later
          </Button>
          <Button type="submit" form={formId}>
            Save description
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <img
          src={imageUrl}
          alt=""
          className="mx-auto max-h-48 max-w-full rounded-md border border-slate-200 object-contain"
        />
        <TextField
          ref={input}
          label="Image description"
          hint="What a student who cannot see the image needs to know, e.g. 'Circuit with two resistors in series'."
          value={alt}
          error={error}
          onChange={(event) => {
            setAlt(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
