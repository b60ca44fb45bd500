import { BarChart3, CalendarPlus, type LucideIcon, Send, Users } from 'lucide-react';
import { ButtonLink } from '@/components/button';

const actionClasses = 'h-auto min-h-11 justify-start py-2.5';

interface LinkAction {
  label: string;
  icon: LucideIcon;
  to: string;
}

const links: readonly LinkAction[] = [
  { label: 'Schedule New Exam', icon: CalendarPlus, to: '/admin/exam/create-exam' },
  { label: 'Manage Students', icon: Users, to: '/admin/student' },
  {
    label: 'Publish Results',
    icon: Send,
    to: '/admin/exam/results?status=Ready%20to%20Publish',
  },
  // Each exam's report opens from its results, so reports start at the completed exams.
  { label: 'View Reports', icon: BarChart3, to: '/admin/exam/results' },
];

export function QuickActions() {
  return (
    <div className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 xl:grid-cols-4 2xl:grid-cols-1">
      {links.map(({ label, icon: Icon, to }) => (
        <ButtonLink key={label} to={to} variant="secondary" className={actionClasses}>
          <Icon aria-hidden="true" className="size-4 text-brand-600" />
          {label}
        </ButtonLink>
      ))}
    </div>
  );
}
