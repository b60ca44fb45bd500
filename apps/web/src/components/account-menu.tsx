import {
  AUTH_MESSAGES,
  messageResponseSchema,
  type Role,
  type UpdatePasswordInput,
  updatePasswordSchema,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { BellRing, ChevronDown, KeyRound, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { apiClient, getErrorMessage, getFieldErrors, parseResponse } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { Button } from './button';
import { EmailRemindersDialog } from './email-reminders-dialog';
import { Modal } from './modal';
import { PasswordChangeFields } from './password-change-fields';

function MenuItem({
  icon: Icon,
  label,
  onSelect,
}: {
  icon: LucideIcon;
  label: string;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {label}
    </button>
  );
}

/**
 * The header's account: who is signed in, and what they can do about their own account. A
 * student also chooses here whether they are reminded of their exams by email.
 */
export function AccountMenu({ email, userRole }: { email: string; userRole: Role | null }) {
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [choosingReminders, setChoosingReminders] = useState(false);
  const menuId = useId();
  /** Closes the menu and opens the dialog `show` shows. */
  const choose = (show: (shown: boolean) => void) => () => {
    setOpen(false);
    show(true);
  };
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative ml-auto min-w-0">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${email}: account menu`}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="flex max-w-full min-w-0 items-center gap-2 rounded-lg py-1 pr-1 pl-2 hover:bg-slate-100"
      >
        <span className="truncate text-sm text-slate-600">{email}</span>
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white uppercase"
        >
          {email.charAt(0)}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-30 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        <MenuItem icon={KeyRound} label="Change password" onSelect={choose(setChangingPassword)} />
        {userRole === 'student' && (
          <MenuItem
            icon={BellRing}
            label="Email reminders"
            onSelect={choose(setChoosingReminders)}
          />
        )}
      </div>
      <ChangePasswordDialog
        open={changingPassword}
        onClose={() => {
          setChangingPassword(false);
          toggleRef.current?.focus();
        }}
      />
      {userRole === 'student' && (
        <EmailRemindersDialog
          open={choosingReminders}
          onClose={() => {
            setChoosingReminders(false);
            toggleRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

async function updatePassword(input: UpdatePasswordInput) {
  const response = await apiClient.post('/auth/update-password', input);
  return parseResponse(messageResponseSchema, response.data);
}

/** The current password and a new one; the server ends every other session of the account. */
function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const mutation = useMutation({ mutationFn: updatePassword });
  const form = useForm({
    resolver: zodResolver(updatePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = form;

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) applyServerFieldErrors(fieldErrors, setError);
      else toast.error(getErrorMessage(error, 'An unexpected error occurred'));
      return;
    }
    toast.success(AUTH_MESSAGES.passwordUpdated);
    close();
  });

  return (
    <Modal
      open={open}
      onClose={close}
      title="Change password"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            Change password
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          You stay signed in here; every other device signed in to your account is signed out.
        </p>
        <PasswordChangeFields form={form} currentLabel="Current password" />
      </form>
    </Modal>
  );
}
