import {
  EllipsisVertical,
  type LucideIcon,
  MessageSquareText,
  MicOff,
  ScreenShareOff,
  TriangleAlert,
} from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { CameraView } from './camera-view';
import { connectionQuality } from './indicators';
import {
  type CameraFeed,
  isConnected,
  type MonitorStudent,
  type ProctorActions,
  rollAndSection,
} from './monitor-types';
import { StudentActionsDialog } from './student-actions-dialog';

interface StudentGridProps {
  students: readonly MonitorStudent[];
  /** Each student's camera by student id; absent when the feed has no media. */
  cameras?: ReadonlyMap<string, CameraFeed>;
  /** Absent when the feed acts on no one. */
  actions?: ProctorActions;
  onMessage: (studentId: string) => void;
}

/** Every candidate's camera tile, in roll-number order. */
export function StudentGrid({ students, cameras, actions, onMessage }: StudentGridProps) {
  const headingId = useId();
  const online = students.filter(isConnected);
  const [actingOn, setActingOn] = useState<string | null>(null);

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Candidates
        </h2>
        <p className="text-sm text-slate-500">{`${online.length} of ${students.length} connected`}</p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-4">
        {students.map((student) => (
          <StudentTile
            key={student.id}
            student={student}
            camera={cameras?.get(student.id)}
            withMedia={cameras !== undefined}
            onMessage={onMessage}
            onAct={actions && canActOn(student) ? setActingOn : undefined}
          />
        ))}
      </ul>
      {actions && (
        <StudentActionsDialog
          student={students.find((student) => student.id === actingOn) ?? null}
          actions={actions}
          onClose={() => setActingOn(null)}
        />
      )}
    </section>
  );
}

/** A student who has submitted is beyond any action; one not started yet may be given time. */
function canActOn(student: MonitorStudent): boolean {
  return student.status === 'NOT_STARTED' || student.status === 'IN_PROGRESS';
}

interface StudentTileProps {
  student: MonitorStudent;
  camera: CameraFeed | undefined;
  withMedia: boolean;
  onMessage: (studentId: string) => void;
  /** Opens the proctor's actions on the student; absent when there are none to take. */
  onAct?: (studentId: string) => void;
}

const tileButton =
  'flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-brand-700';

function StudentTile({ student, camera, withMedia, onMessage, onAct }: StudentTileProps) {
  // Connection is a question only while the student sits the exam.
  const sitting = student.status === 'IN_PROGRESS';
  const lost = sitting && !isConnected(student);
  const quality = connectionQuality[student.connectionQuality];
  const QualityIcon = quality.icon;

  return (
    <li
      className={cn(
        'overflow-hidden rounded-xl border bg-white shadow-sm',
        lost ? 'border-red-200' : 'border-slate-200',
      )}
    >
      <div className="relative flex aspect-video items-center justify-center overflow-hidden bg-gradient-to-br from-slate-700 to-slate-900">
        <CameraView student={student} camera={camera} withMedia={withMedia} />
        {sitting && (
          <span
            title={`Connection: ${quality.label}`}
            className={cn(
              'absolute top-2 left-2 flex size-6 items-center justify-center rounded-md bg-slate-950/50',
              quality.onVideo,
            )}
          >
            <QualityIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">{`Connection: ${quality.label}`}</span>
          </span>
        )}
        {student.warnings > 0 && (
          <span
            title={plural(student.warnings, 'warning')}
            className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-md bg-amber-400 px-1.5 py-0.5 text-xs font-semibold text-amber-950"
          >
            <TriangleAlert aria-hidden="true" className="size-3.5" />
            <span aria-hidden="true">{student.warnings}</span>
            <span className="sr-only">{plural(student.warnings, 'warning')}</span>
          </span>
        )}
        {/* Only what went wrong is drawn on the video; the Students tab lists every device. */}
        {sitting && !lost && (!student.isAudioEnabled || student.screenSharing === false) && (
          <span className="absolute bottom-2 left-2 flex gap-1">
            {!student.isAudioEnabled && <TileFlag icon={MicOff} label="Microphone off" />}
            {student.screenSharing === false && (
              <TileFlag icon={ScreenShareOff} label="Not sharing screen" />
            )}
          </span>
        )}
      </div>
      <div className="flex items-center gap-1 py-2 pr-1 pl-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{student.name}</p>
          <p className="truncate text-xs text-slate-500">{rollAndSection(student)}</p>
        </div>
        <button
          type="button"
          aria-label={`Message ${student.name}`}
          title={`Message ${student.name}`}
          onClick={() => onMessage(student.id)}
          className={tileButton}
        >
          <MessageSquareText aria-hidden="true" className="size-4" />
        </button>
        {onAct && (
          <button
            type="button"
            aria-label={`Actions for ${student.name}`}
            title={`Actions for ${student.name}`}
            onClick={() => onAct(student.id)}
            className={tileButton}
          >
            <EllipsisVertical aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </li>
  );
}

function TileFlag({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <span
      title={label}
      className="flex size-6 items-center justify-center rounded-md bg-red-600 text-white"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
