import { BellRing, type LucideIcon, MessagesSquare, Users } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { AlertsTab } from './alerts-tab';
import { ChatTab } from './chat-tab';
import type { MonitorFeed } from './monitor-types';
import { StudentsTab } from './students-tab';

export type PanelTab = 'alerts' | 'students' | 'chat';

const TABS: ReadonlyArray<{ id: PanelTab; label: string; icon: LucideIcon }> = [
  { id: 'alerts', label: 'Alerts', icon: BellRing },
  { id: 'students', label: 'Students', icon: Users },
  { id: 'chat', label: 'Chat', icon: MessagesSquare },
];

interface MonitorPanelProps {
  feed: MonitorFeed;
  tab: PanelTab;
  onTabChange: (tab: PanelTab) => void;
  chatWith: string | null;
  onChatWithChange: (studentId: string | null) => void;
  className?: string;
}

/** The side panel: alerts, the students' connection details and the chat, as WAI-ARIA tabs. */
export function MonitorPanel({
  feed,
  tab,
  onTabChange,
  chatWith,
  onChatWithChange,
  className,
}: MonitorPanelProps) {
  const baseId = useId();
  const [chatShown, setChatShown] = useState(false);
  useEffect(() => {
    if (tab === 'chat') setChatShown(true);
  }, [tab]);
  const tabButtons = useRef(new Map<PanelTab, HTMLButtonElement>());
  const tabId = (id: PanelTab) => `${baseId}-${id}-tab`;
  const panelId = (id: PanelTab) => `${baseId}-${id}-panel`;

  // Arrow keys move between tabs and select them at once (automatic activation), wrapping round.
  const moveWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((candidate) => candidate.id === tab);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = TABS[targets[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onTabChange(target.id);
    tabButtons.current.get(target.id)?.focus();
  };

  const panels: Record<PanelTab, ReactNode> = {
    alerts: (
      <AlertsTab
        alerts={feed.alerts}
        students={feed.students}
        onReview={feed.actions?.reviewAlert}
      />
    ),
    students: <StudentsTab students={feed.students} />,
    chat: (
      <ChatTab
        students={feed.students}
        messages={feed.messages}
        chatWith={chatWith}
        onOpen={onChatWithChange}
        onBack={() => onChatWithChange(null)}
        onSend={feed.sendMessage}
        onLoadEarlier={feed.loadEarlierMessages}
      />
    ),
  };

  return (
    <aside
      aria-label="Proctoring panel"
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm',
        className,
      )}
    >
      <div
        role="tablist"
        aria-label="Panel view"
        onKeyDown={moveWithKeys}
        className="flex shrink-0 border-b border-slate-200 px-1"
      >
        {TABS.map(({ id, label, icon: Icon }) => {
          const selected = id === tab;
          return (
            <button
              key={id}
              ref={(node) => {
                if (node) tabButtons.current.set(id, node);
                else tabButtons.current.delete(id);
              }}
              type="button"
              role="tab"
              id={tabId(id)}
              aria-selected={selected}
              aria-controls={panelId(id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onTabChange(id)}
              className={cn(
                '-mb-px flex flex-1 items-center justify-center gap-1.5 border-b-2 px-2 py-3 text-sm font-medium transition-colors',
                selected
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-500 hover:text-slate-800',
              )}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
              {/* A visual cue only: the header reads the count out as Active Alerts. */}
              {id === 'alerts' && feed.activeAlerts > 0 && (
                <span
                  aria-hidden="true"
                  className="rounded-full bg-red-100 px-1.5 text-xs font-semibold text-red-700 tabular-nums"
                >
                  {feed.activeAlerts}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {TABS.map(({ id }) => (
        <div
          key={id}
          role="tabpanel"
          id={panelId(id)}
          aria-labelledby={tabId(id)}
          hidden={id !== tab}
          // Alerts and students hold nothing to focus: their panel is the tab stop after the tabs,
          // from which keyboard users scroll it (the WAI-ARIA tabs pattern). The chat's own
          // buttons and message box come next instead.
          tabIndex={id === 'chat' ? undefined : 0}
          className="min-h-0 flex-1 overflow-y-auto focus-visible:-outline-offset-2"
        >
          {/*
           * Once shown, the chat stays mounted so an open conversation and its draft survive a
           * tab switch. Alerts and students hold no state: drawing them only when shown keeps
           * the screen light, the students list being its largest part and re-drawn every second.
           */}
          {(id === tab || (id === 'chat' && chatShown)) && panels[id]}
        </div>
      ))}
    </aside>
  );
}
