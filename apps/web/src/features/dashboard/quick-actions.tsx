import { BarChart3, CalendarPlus, type LucideIcon, Send, Users } from 'lucide-react';
import { useId } from 'react';
import { Button, ButtonLink } from '@/components/button';

const actionClasses = 'h-auto min-h-11 justify-start py-2.5';

interface LinkAction {
  label: string;
  icon: LucideIcon;
  to: string;
}

interface ComingAction {
  label: string;
  icon: LucideIcon;
  tooltip: string;
}

const links: readonly LinkAction[] = [
  { label: 'Schedule New Exam', icon: CalendarPlus, to: '/admin/exam/create-exam' },
  { label: 'Manage Students', icon: Users, to: '/admin/student' },
];

// Results and reports do not exist yet; the actions stay visible so the spec's layout holds.
const coming: readonly ComingAction[] = [
  { label: 'Publish Results', icon: Send, tooltip: 'Publishing results is coming soon' },
  { label: 'View Reports', icon: BarChart3, tooltip: 'Reports are coming soon' },
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
      {coming.map((action) => (
        <ComingSoonAction key={action.label} action={action} />
      ))}
    </div>
  );
}

/**
 * A disabled button receives no hover or focus, so the tooltip hangs on a wrapper; the button
 * names it as its description, which screen readers announce with the button.
 */
function ComingSoonAction({ action: { label, icon: Icon, tooltip } }: { action: ComingAction }) {
  const tooltipId = useId();
  return (
    <span className="group relative flex">
      <Button
        variant="secondary"
        disabled
        aria-describedby={tooltipId}
        fullWidth
        className={actionClasses}
      >
        <Icon aria-hidden="true" className="size-4" />
        {label}
        <span
          aria-hidden="true"
          className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-500"
        >
          Soon
        </span>
      </Button>
      <span
        id={tooltipId}
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-2 hidden -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white shadow-lg group-hover:block"
      >
        {tooltip}
      </span>
    </span>
  );
}
