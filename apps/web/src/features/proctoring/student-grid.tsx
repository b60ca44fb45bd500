import {
  type LucideIcon,
  MessageSquareText,
  MicOff,
  ScreenShareOff,
  TriangleAlert,
  VideoOff,
  WifiOff,
} from 'lucide-react';
import { useId } from 'react';
import { Avatar } from '@/components/avatar';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { connectionQuality } from './indicators';
import { isConnected, type MonitorStudent } from './monitor-types';

interface StudentGridProps {
  students: readonly MonitorStudent[];
  onMessage: (studentId: string) => void;
}

/** Every candidate's camera tile, in roll-number order. */
export function StudentGrid({ students, onMessage }: StudentGridProps) {
  const headingId = useId();
  const online = students.filter(isConnected);

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
          <StudentTile key={student.id} student={student} onMessage={onMessage} />
        ))}
      </ul>
    </section>
  );
}

interface StudentTileProps {
  student: MonitorStudent;
  onMessage: (studentId: string) => void;
}

function StudentTile({ student, onMessage }: StudentTileProps) {
  const disconnected = !isConnected(student);
  const quality = connectionQuality[student.connectionQuality];
  const QualityIcon = quality.icon;

  return (
    <li
      className={cn(
        'overflow-hidden rounded-xl border bg-white shadow-sm',
        disconnected ? 'border-red-200' : 'border-slate-200',
      )}
    >
      <div className="relative flex aspect-video items-center justify-center bg-gradient-to-br from-slate-700 to-slate-900">
        <VideoArea student={student} />
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
        {!disconnected && (!student.isAudioEnabled || !student.screenSharing) && (
          <span className="absolute bottom-2 left-2 flex gap-1">
            {!student.isAudioEnabled && <TileFlag icon={MicOff} label="Microphone off" />}
            {!student.screenSharing && (
              <TileFlag icon={ScreenShareOff} label="Not sharing screen" />
            )}
          </span>
        )}
      </div>
      <div className="flex items-center gap-2 py-2 pr-1.5 pl-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{student.name}</p>
          <p className="truncate text-xs text-slate-500">{student.rollNumber}</p>
        </div>
        <button
          type="button"
          aria-label={`Message ${student.name}`}
          title={`Message ${student.name}`}
          onClick={() => onMessage(student.id)}
          className="flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-brand-700"
        >
          <MessageSquareText aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}

/**
 * The stand-in for the camera stream: the mock carries no media, so a live camera shows the
 * student's initials and a switched-off or lost one says so.
 */
function VideoArea({ student }: { student: MonitorStudent }) {
  if (!isConnected(student)) {
    return <VideoPlaceholder icon={WifiOff} label="Disconnected" className="text-red-300" />;
  }
  if (!student.isVideoEnabled) {
    return <VideoPlaceholder icon={VideoOff} label="Camera off" className="text-slate-300" />;
  }
  return (
    <>
      <Avatar photo="" name={student.name} className="size-11 bg-white/15 text-sm text-white" />
      <span className="sr-only">Camera on</span>
    </>
  );
}

interface VideoPlaceholderProps {
  icon: LucideIcon;
  label: string;
  className: string;
}

function VideoPlaceholder({ icon: Icon, label, className }: VideoPlaceholderProps) {
  return (
    <span className={cn('flex flex-col items-center gap-1.5 text-xs font-medium', className)}>
      <Icon aria-hidden="true" className="size-6" />
      {label}
    </span>
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
