import { ShieldAlert } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { plural } from '@/lib/plural';
import { useSlowedSignIns } from './api/get-slowed-sign-ins';

/**
 * Tells the admins which accounts someone is guessing the password of: their sign-ins from new
 * browsers are slowed down. Nothing shows while none is, or when the list cannot be loaded (the
 * dashboard's own figures say whether the server answers).
 */
export function SlowedSignInsNotice() {
  const { data: accounts = [] } = useSlowedSignIns();
  if (accounts.length === 0) return null;
  return (
    <section
      aria-labelledby="slowed-sign-ins-title"
      className="mb-6 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <div className="min-w-0 flex-1">
        <h2 id="slowed-sign-ins-title" className="font-semibold text-amber-900">
          Sign-ins slowed down after failed passwords
        </h2>
        <p className="mt-0.5 text-amber-800">
          Someone may be guessing these passwords. New browsers must wait between attempts; browsers
          that signed in to the account before are not slowed down.
        </p>
        <ul className="mt-2 flex flex-col gap-1 text-amber-900">
          {accounts.map((account) => (
            <li key={account.email}>
              <span className="font-medium break-all">{account.email}</span>:{' '}
              {plural(account.failedAttempts, 'failed attempt')}, next attempt from a new browser
              after {formatDateTime(account.slowedUntil)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
