import { CircleCheck, Clock, type LucideIcon, VideoOff, WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Avatar } from '@/components/avatar';
import { cn } from '@/lib/cn';
import { formatClock } from '@/lib/format';
import { type CameraFeed, isConnected, type MonitorStudent } from './monitor-types';

interface CameraViewProps {
  student: MonitorStudent;
  /** The student's camera; undefined in the sample, which has no media at all. */
  camera: CameraFeed | undefined;
  /** Whether the feed carries cameras: without them a camera that is on shows initials. */
  withMedia: boolean;
}

/**
 * What fills a tile: the live video while its connection is up, else the latest still with its
 * time, else a placeholder saying why there is no picture.
 */
export function CameraView({ student, camera, withMedia }: CameraViewProps) {
  if (student.status === 'NOT_STARTED') {
    return <Placeholder icon={Clock} label="Not started" className="text-slate-300" />;
  }
  if (student.status !== 'IN_PROGRESS') {
    return <Placeholder icon={CircleCheck} label="Submitted" className="text-emerald-300" />;
  }
  if (camera?.stream) return <LiveVideo stream={camera.stream} name={student.name} />;
  if (camera?.snapshot) return <Snapshot snapshot={camera.snapshot} name={student.name} />;
  if (!isConnected(student)) {
    return <Placeholder icon={WifiOff} label="Disconnected" className="text-red-300" />;
  }
  if (!student.isVideoEnabled) {
    return <Placeholder icon={VideoOff} label="Camera off" className="text-slate-300" />;
  }
  if (withMedia) {
    return <Placeholder icon={VideoOff} label="Waiting for video" className="text-slate-300" />;
  }
  return (
    <>
      <Avatar photo="" name={student.name} className="size-11 bg-white/15 text-sm text-white" />
      <span className="sr-only">Camera on</span>
    </>
  );
}

function LiveVideo({ stream, name }: { stream: MediaStream; name: string }) {
  const video = useRef<HTMLVideoElement>(null);
  // A MediaStream is no attribute: it is handed to the element itself.
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={video}
      autoPlay
      muted
      playsInline
      aria-label={`Live camera of ${name}`}
      className="absolute inset-0 size-full object-cover"
    />
  );
}

function Snapshot({ snapshot, name }: { snapshot: { image: string; at: number }; name: string }) {
  return (
    <>
      <img
        src={snapshot.image}
        alt={`Camera still of ${name}`}
        className="absolute inset-0 size-full object-cover"
      />
      <span className="absolute right-2 bottom-2 rounded-md bg-slate-950/70 px-1.5 py-0.5 text-[0.7rem] font-medium text-white tabular-nums">
        {'Still '}
        <time dateTime={new Date(snapshot.at).toISOString()}>
          {formatClock(snapshot.at, { seconds: true })}
        </time>
      </span>
    </>
  );
}

interface PlaceholderProps {
  icon: LucideIcon;
  label: string;
  className: string;
}

function Placeholder({ icon: Icon, label, className }: PlaceholderProps) {
  return (
    <span className={cn('flex flex-col items-center gap-1.5 text-xs font-medium', className)}>
      <Icon aria-hidden="true" className="size-6" />
      {label}
    </span>
  );
}
