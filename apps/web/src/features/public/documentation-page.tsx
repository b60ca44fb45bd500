import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { docSections } from './documentation-sections';
import { PublicHeader } from './public-header';

/** Static product documentation; the URL hash (#security, …) selects the section. */
export default function DocumentationPage() {
  const { hash } = useLocation();
  const active = docSections.find((section) => `#${section.id}` === hash) ?? docSections[0];

  return (
    <div className="min-h-dvh bg-white">
      <title>{`${active.title} · ExamIQ Documentation`}</title>
      <PublicHeader />
      <div className="mx-auto max-w-7xl lg:flex lg:gap-10 lg:px-8">
        <aside className="sticky top-16 z-20 border-b border-slate-200 bg-white lg:top-24 lg:h-fit lg:w-60 lg:shrink-0 lg:border-0 lg:bg-transparent lg:py-0">
          <nav
            aria-label="Documentation"
            className="overflow-x-auto px-4 py-2 sm:px-6 lg:px-0 lg:py-0"
          >
            <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase lg:block">
              Documentation
            </p>
            <ul className="flex gap-1 lg:flex-col">
              {docSections.map((section) => (
                <li key={section.id} className="shrink-0">
                  <Link
                    to={`#${section.id}`}
                    aria-current={section.id === active.id ? 'page' : undefined}
                    className={cn(
                      'block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                      section.id === active.id
                        ? 'bg-brand-50 text-brand-700'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    {section.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <main className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:max-w-3xl lg:px-0 lg:py-12">
          <article>
            <p className="text-sm font-medium text-brand-600">Documentation</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
              {active.title}
            </h1>
            <p className="mt-2 mb-8 text-lg text-slate-600">{active.summary}</p>
            {active.body}
          </article>
        </main>
      </div>
    </div>
  );
}
