import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface DefaultPasswordDialogProps {
  /** The password to show; the dialog is closed while there is none. */
  password: string | null;
  /** Whose password it is, e.g. 'Asha Rao'. */
  name: string;
  /** 'Student created', 'Password reset'. */
  title: string;
  onClose: () => void;
}

/**
 * Shows a default password once, with a Copy button: the server keeps only its hash, so this is
 * the one chance to hand it over.
 */
export function DefaultPasswordDialog({
  password,
  name,
  title,
  onClose,
}: DefaultPasswordDialogProps) {
  const [copied, setCopied] = useState(false);
  const passwordId = useId();

  async function copy() {
    if (!password) return;
    await navigator.clipboard.writeText(password);
    setCopied(true);
  }

  function close() {
    setCopied(false);
    onClose();
  }

  return (
    <Modal
      open={password !== null}
      onClose={close}
      title={title}
      size="sm"
      footer={<Button onClick={close}>Done</Button>}
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          The default password of <strong className="text-slate-900">{name}</strong>. It is shown
          only now: copy it and hand it over. It must be changed at the first sign-in.
        </p>
        <label htmlFor={passwordId} className="block font-medium text-slate-700">
          Default password
        </label>
        <div className="flex gap-2">
          <input
            id={passwordId}
            readOnly
            value={password ?? ''}
            onFocus={(event) => event.target.select()}
            className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-slate-900"
          />
          <Button variant="secondary" onClick={copy}>
            {copied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {copied ? 'Password copied to the clipboard' : ''}
        </p>
      </div>
    </Modal>
  );
}
