import { useState } from 'react';
import { MonitorHeader } from './monitor-header';
import { MonitorPanel, type PanelTab } from './monitor-panel';
import type { MonitorFeed } from './monitor-types';
import { StudentGrid } from './student-grid';

/**
 * The proctoring screen for whatever feed it is given: the generated sample, a sitting watched
 * live, or a test's own.
 */
export function ExamMonitor({ feed }: { feed: MonitorFeed }) {
  const [tab, setTab] = useState<PanelTab>('alerts');
  const [chatWith, setChatWith] = useState<string | null>(null);

  const openChat = (studentId: string) => {
    setTab('chat');
    setChatWith(studentId);
  };

  return (
    <div className="flex flex-col gap-6 xl:grid xl:grid-cols-[minmax(0,1fr)_350px] xl:items-start">
      <div className="min-w-0 space-y-6">
        <MonitorHeader
          exam={feed.exam}
          source={feed.source}
          totalStudents={feed.students.length}
          activeAlerts={feed.activeAlerts}
        />
        <StudentGrid
          students={feed.students}
          cameras={feed.cameras}
          actions={feed.actions}
          onMessage={openChat}
        />
      </div>
      {/* On a desktop the panel stays in view while the grid scrolls; on a phone it follows it. */}
      <MonitorPanel
        feed={feed}
        tab={tab}
        onTabChange={setTab}
        chatWith={chatWith}
        onChatWithChange={setChatWith}
        className="h-[36rem] xl:sticky xl:top-24 xl:h-[calc(100dvh-8rem)]"
      />
    </div>
  );
}
