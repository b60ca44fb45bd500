import type { Role } from '@examiq/contracts';
import {
  ClipboardList,
  Database,
  GraduationCap,
  LayoutDashboard,
  Library,
  Mail,
  Presentation,
  ScrollText,
  Settings,
} from 'lucide-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell, type NavItem } from '@/components/app-shell';
import { PageLoader } from '@/components/spinner';
import { RequireRole } from './require-role';
import '../signed-in.css';

const areas: Record<Role, { label: string; nav: NavItem[] }> = {
  admin: {
    label: 'Admin',
    nav: [
      { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
      { to: '/admin/student', label: 'Student', icon: GraduationCap },
      { to: '/admin/faculty', label: 'Faculty', icon: Presentation },
      { to: '/admin/exam', label: 'Exam', icon: ClipboardList },
      { to: '/admin/question-bank', label: 'Question bank', icon: Library },
      { to: '/admin/data', label: 'Master Data', icon: Database },
      { to: '/admin/audit', label: 'Audit Log', icon: ScrollText },
      { to: '/admin/outbox', label: 'Outbox', icon: Mail },
      { to: '/admin/settings', label: 'Settings', icon: Settings },
    ],
  },
  faculty: {
    label: 'Faculty',
    nav: [
      { to: '/faculty', label: 'Dashboard', icon: LayoutDashboard, end: true },
      { to: '/faculty/question-bank', label: 'Question bank', icon: Library },
    ],
  },
  student: {
    label: 'Student',
    nav: [{ to: '/student', label: 'Dashboard', icon: LayoutDashboard, end: true }],
  },
};

/** A guarded area (/admin, /faculty, /student): the shared shell around the matched page. */
export function AreaLayout({ area }: { area: Role }) {
  const { label, nav } = areas[area];
  return (
    <RequireRole allow={area}>
      <AppShell areaLabel={label} homePath={`/${area}`} navItems={nav}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell>
    </RequireRole>
  );
}
