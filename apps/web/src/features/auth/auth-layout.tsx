import { CalendarClock, type LucideIcon, ShieldCheck, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';

const highlights: { icon: LucideIcon; text: string }[] = [
  { icon: Video, text: 'Live proctoring with alerts and chat' },
  { icon: CalendarClock, text: 'Scheduled and auto-timed exam windows' },
  { icon: ShieldCheck, text: 'Role-based access for admins, faculty and students' },
];

interface AuthLayoutProps {
  /** Names the browser tab and heads the form. */
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Sign-in style screens: brand panel on wide screens, the form card on every screen. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <title>{`${title} · ExamIQ`}</title>
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-brand-700 p-12 text-white lg:flex">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(40rem_30rem_at_0%_0%,var(--color-brand-500),transparent),radial-gradient(30rem_20rem_at_100%_100%,var(--color-brand-900),transparent)]"
        />
        <Link to="/" className="relative w-fit rounded-md">
          <Logo inverted />
        </Link>
        <div className="relative">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight">
            Examinations your institution can trust.
          </h2>
          <ul className="mt-8 space-y-4">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-brand-50">
                <span className="flex size-9 items-center justify-center rounded-lg bg-white/10">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-brand-100">© {new Date().getFullYear()} ExamIQ</p>
      </aside>

      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6">
        <div className="w-full max-w-md">
          <Link to="/" className="mb-8 inline-block rounded-md lg:hidden">
            <Logo />
          </Link>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
