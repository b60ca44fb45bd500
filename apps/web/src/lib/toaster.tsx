import { TOAST_DURATIONS_MS, TOAST_LIMIT } from '@examiq/contracts';
import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';

/** The app's toast host: spec section 9 durations, and at most TOAST_LIMIT toasts on screen. */
export function AppToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    for (const extra of toasts.filter((t) => t.visible).slice(TOAST_LIMIT)) {
      toast.dismiss(extra.id);
    }
  }, [toasts]);

  return (
    <Toaster
      position="top-right"
      toastOptions={{
        className: 'text-sm',
        blank: { duration: TOAST_DURATIONS_MS.blank },
        success: { duration: TOAST_DURATIONS_MS.success },
        error: { duration: TOAST_DURATIONS_MS.error },
        loading: { duration: TOAST_DURATIONS_MS.loading },
        custom: { duration: TOAST_DURATIONS_MS.custom },
      }}
    />
  );
}
