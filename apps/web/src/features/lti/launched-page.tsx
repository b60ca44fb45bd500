import { LTI_MESSAGES } from '@examiq/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { Spinner } from '@/components/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { saveSession } from '@/lib/session';
import { collectLaunchSession } from './lti';

/**
 * `/lti/launched#ticket`: where a launch from the LMS arrives. The ticket is read from the
 * address's fragment, removed from it at once, and exchanged for the session; then the exam's
 * lobby (a student) or its results (an instructor) opens.
 */
export default function LaunchedPage() {
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const collected = useRef(false);
  useEffect(() => {
    if (collected.current) return;
    collected.current = true;
    const ticket = window.location.hash.slice(1);
    window.history.replaceState(null, '', window.location.pathname);
    if (!ticket) {
      setRefusal(LTI_MESSAGES.launchExpired);
      return;
    }
    collectLaunchSession(ticket).then(
      ({ data }) => {
        saveSession(data);
        void navigate(data.redirect, { replace: true });
      },
      (error: unknown) => setRefusal(getErrorMessage(error, LTI_MESSAGES.launchExpired)),
    );
  }, [navigate]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <title>Opening your exam · ExamIQ</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Logo />
        {refusal ? (
          <div className="mt-6">
            <h1 className="text-xl font-semibold text-slate-900">The activity could not open</h1>
            <p className="mt-2 text-sm text-slate-600" role="alert">
              {refusal}
            </p>
          </div>
        ) : (
          <div className="mt-6 flex items-center gap-3">
            <Spinner className="size-5 text-brand-600" label="Signing you in" />
            <h1 className="text-base font-medium text-slate-900">Opening your exam…</h1>
          </div>
        )}
      </div>
    </main>
  );
}
