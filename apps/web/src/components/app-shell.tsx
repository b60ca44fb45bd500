import { normalizeRole } from '@examiq/contracts';
import { LogOut, type LucideIcon, Menu, X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/use-current-user';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';
import { Skeleton } from './skeleton';
import { useFocusTrap } from './use-focus-trap';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active on this exact path only (an area's dashboard), not on every path below it. */
  end?: boolean;
}

interface AppShellProps {
  /** The static area name in the header: Admin, Faculty or Student. */
  areaLabel: string;
  homePath: string;
  navItems: readonly NavItem[];
  children: ReactNode;
}

/**
 * After a page is chosen in the sidebar, focus moves to its heading, so a screen reader announces
 * the new page and Tab continues from its top. Pages come in their own chunks and may draw the
 * heading after loading, so the heading is awaited.
 */
function useFocusHeadingOnNavigation(mainRef: RefObject<HTMLElement | null>, pathname: string) {
  // A new object per choice, so choosing the page already shown focuses its heading again.
  const [chosen, setChosen] = useState<{ path: string } | null>(null);
  useEffect(() => {
    const main = mainRef.current;
    // The router may show the old page until the new one has loaded: wait for its path.
    if (!chosen || chosen.path !== pathname || !main) return;
    const focusHeading = () => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      heading.setAttribute('tabindex', '-1');
      heading.focus();
      // Done: coming back to this path later (Back from a detail page) moves nothing.
      setChosen(null);
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [chosen, pathname, mainRef]);
  return (path: string) => setChosen({ path });
}

/** The signed-in layout of all three areas: sidebar (a drawer on small screens) and header. */
export function AppShell({ areaLabel, homePath, navItems, children }: AppShellProps) {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const focusHeading = useFocusHeadingOnNavigation(mainRef, pathname);
  // The drawer remembers the path it was opened on, so any navigation closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenedAt === pathname;
  const drawerId = useId();

  return (
    <div className="relative min-h-dvh bg-slate-50 print:bg-white">
      {/* The sidebar's ground down the whole page, so a page longer than the window (a full-page
          capture, a printout) never shows the sidebar ending part-way; the fixed sidebar on top
          stays in view as the page scrolls. */}
      <div
        aria-hidden="true"
        className="absolute inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white lg:block print:hidden"
      />
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:shadow"
      >
        Skip to content
      </a>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white lg:flex print:hidden">
        <Sidebar homePath={homePath} navItems={navItems} onNavigate={focusHeading} />
      </aside>

      {drawerOpen && (
        <NavigationDrawer id={drawerId} onClose={() => setDrawerOpenedAt(null)}>
          <Sidebar
            homePath={homePath}
            navItems={navItems}
            onNavigate={(path) => {
              setDrawerOpenedAt(null);
              focusHeading(path);
            }}
          />
        </NavigationDrawer>
      )}

      <div className="lg:pl-64 print:pl-0">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 lg:px-8 print:hidden">
          <button
            type="button"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? drawerId : undefined}
            onClick={() => setDrawerOpenedAt(pathname)}
            className="-ml-1 flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
          <span className="rounded-md bg-brand-50 px-2.5 py-1 text-sm font-semibold text-brand-700">
            {areaLabel}
          </span>
          <SignedInAs />
        </header>
        <main
          ref={mainRef}
          id="main-content"
          className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8 print:max-w-none print:p-0"
        >
          {children}
        </main>
      </div>
    </div>
  );
}

function SignedInAs() {
  const storedUser = useAuthStore((state) => state.user);
  // Asking the server (not only reading storage) also proves the session is still valid.
  const { data } = useCurrentUser();
  const email = data?.email ?? storedUser?.email;

  return email ? (
    <AccountMenu email={email} userRole={normalizeRole(data?.role ?? storedUser?.role)} />
  ) : (
    <div className="ml-auto flex min-w-0 items-center">
      <Skeleton className="h-4 w-40" />
    </div>
  );
}

interface SidebarProps extends Pick<AppShellProps, 'homePath' | 'navItems'> {
  /**
   * Runs when a page is chosen, even the one already shown: the drawer closes, and focus goes to
   * the page's heading.
   */
  onNavigate: (path: string) => void;
}

function Sidebar({ homePath, navItems, onNavigate }: SidebarProps) {
  const logout = useAuthStore((state) => state.logout);
  const loggingOut = useAuthStore((state) => state.isLoading);

  return (
    <div className="flex h-full w-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-5">
        <Link to={homePath} onClick={() => onNavigate(homePath)} className="rounded-md">
          <Logo />
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {navItems.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={() => onNavigate(to)}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    isActive
                      ? 'bg-brand-50 text-brand-700'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 p-3">
        <button
          type="button"
          onClick={() => void logout()}
          disabled={loggingOut}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-red-50 hover:text-red-700 disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-5 shrink-0" />
          Logout
        </button>
      </div>
    </div>
  );
}

interface NavigationDrawerProps {
  id: string;
  onClose: () => void;
  children: ReactNode;
}

function NavigationDrawer({ id, onClose, children }: NavigationDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, onClose);

  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation"
        tabIndex={-1}
        className="relative flex h-full w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none"
      >
        {children}
        <button
          type="button"
          aria-label="Close navigation"
          onClick={onClose}
          className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}
