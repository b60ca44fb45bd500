import { Link } from 'react-router';
import { ButtonLink } from '@/components/button';
import { Logo } from '@/components/logo';

export function PublicHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Site" className="flex items-center gap-2">
          <ButtonLink to="/documentation" variant="ghost" size="sm" className="sm:h-10 sm:px-4">
            Documentation
          </ButtonLink>
          <ButtonLink to="/login" size="sm" className="sm:h-10 sm:px-4">
            Login
          </ButtonLink>
        </nav>
      </div>
    </header>
  );
}
