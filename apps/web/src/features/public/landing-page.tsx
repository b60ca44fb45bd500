import {
  BrainCircuit,
  CalendarClock,
  Database,
  Lock,
  type LucideIcon,
  ShieldCheck,
  Video,
} from 'lucide-react';
import { ButtonLink } from '@/components/button';
import { MonitorPreview } from './monitor-preview';
import { PublicHeader } from './public-header';

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Video,
    title: 'Live proctoring',
    text: 'Invigilators watch every candidate’s camera, get alerts on suspicious activity and message students during the exam.',
  },
  {
    icon: BrainCircuit,
    title: 'Exam builder',
    text: 'A guided wizard for sections and questions: multiple choice, true/false, short and long answers with marking keys.',
  },
  {
    icon: CalendarClock,
    title: 'Flexible scheduling',
    text: 'Run proctored sittings at a fixed time, or open auto-scheduled exams over a date range with buffer windows.',
  },
  {
    icon: Database,
    title: 'Academic structure',
    text: 'Batches, courses, branches and sections keep every student, faculty member and exam in the right place.',
  },
  {
    icon: Lock,
    title: 'Secure accounts',
    text: 'Admin-issued accounts, forced password change at first sign-in, short-lived sessions and role-based access.',
  },
  {
    icon: ShieldCheck,
    title: 'Built for institutions',
    text: 'Runs on your own server with an embedded database, or on PostgreSQL when you grow.',
  },
];

export default function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <title>ExamIQ · Secure online examinations with live proctoring</title>
      <PublicHeader />

      <main className="flex-1">
        <section className="relative isolate overflow-hidden">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-brand-100),transparent)]"
          />
          <div className="mx-auto max-w-4xl px-4 pt-16 text-center sm:px-6 sm:pt-24">
            <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-medium text-brand-700 shadow-sm sm:text-sm">
              <ShieldCheck aria-hidden="true" className="size-4" />
              Online examination and assessment platform
            </p>
            <h1 className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl">
              ExamIQ: secure online examinations with{' '}
              <span className="text-brand-600">live proctoring</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">
              Build exams, schedule them for the right batch and section, and supervise every
              candidate in real time. One platform for admins, faculty and students.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <ButtonLink to="/login" size="lg">
                Get started
              </ButtonLink>
              <ButtonLink to="/documentation#features" size="lg" variant="secondary">
                Explore features
              </ButtonLink>
            </div>
          </div>
          <div className="px-4 pb-16 sm:px-6 sm:pb-24">
            <MonitorPreview />
          </div>
        </section>

        <section
          aria-labelledby="features-heading"
          className="border-t border-slate-200 bg-slate-50"
        >
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
            <div className="mx-auto max-w-2xl text-center">
              <h2
                id="features-heading"
                className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl"
              >
                Everything an examination cell needs
              </h2>
              <p className="mt-3 text-slate-600">
                From the academic calendar to the last answer sheet, in one secure place.
              </p>
            </div>
            <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {features.map(({ icon: Icon, title, text }) => (
                <li
                  key={title}
                  className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:px-6 lg:px-8">
          <p>© {new Date().getFullYear()} ExamIQ</p>
          <p>Accounts are issued by your institution’s administrator.</p>
        </div>
      </footer>
    </div>
  );
}
