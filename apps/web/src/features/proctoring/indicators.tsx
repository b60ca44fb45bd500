import {
  type LucideIcon,
  Mic,
  MicOff,
  ScreenShare,
  ScreenShareOff,
  SignalHigh,
  SignalLow,
  SignalMedium,
  TriangleAlert,
  Video,
  VideoOff,
  WifiOff,
} from 'lucide-react';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import type { ConnectionQuality, MonitorStudent } from './monitor-types';

interface QualityStyle {
  label: string;
  icon: LucideIcon;
  /** On white: the badge of the students tab. */
  badge: string;
  /** On the dark video tile. */
  onVideo: string;
}

export const connectionQuality: Record<ConnectionQuality, QualityStyle> = {
  excellent: {
    label: 'Excellent',
    icon: SignalHigh,
    badge: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
    onVideo: 'text-emerald-300',
  },
  good: {
    label: 'Good',
    icon: SignalMedium,
    badge: 'bg-sky-50 text-sky-700 ring-sky-600/20',
    onVideo: 'text-sky-300',
  },
  poor: {
    label: 'Poor',
    icon: SignalLow,
    badge: 'bg-amber-50 text-amber-800 ring-amber-600/20',
    onVideo: 'text-amber-300',
  },
  disconnected: {
    label: 'Disconnected',
    icon: WifiOff,
    badge: 'bg-red-50 text-red-700 ring-red-600/20',
    onVideo: 'text-red-300',
  },
};

/** The quality as a word, not only a colour, so it reads the same to everyone. */
export function ConnectionBadge({ quality }: { quality: ConnectionQuality }) {
  const { label, icon: Icon, badge } = connectionQuality[quality];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        badge,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Connection: </span>
      {label}
    </span>
  );
}

interface DeviceIndicatorProps {
  on: boolean;
  onIcon: LucideIcon;
  offIcon: LucideIcon;
  onLabel: string;
  offLabel: string;
}

function DeviceIndicator({ on, onIcon, offIcon, onLabel, offLabel }: DeviceIndicatorProps) {
  const Icon = on ? onIcon : offIcon;
  const label = on ? onLabel : offLabel;
  return (
    <span
      title={label}
      className={cn(
        'flex size-7 items-center justify-center rounded-md',
        on ? 'bg-slate-100 text-slate-600' : 'bg-red-50 text-red-600',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Camera, microphone and (where captured) screen share, each an icon named for assistive technology. */
export function DeviceIndicators({ student }: { student: MonitorStudent }) {
  return (
    <span className="flex items-center gap-1">
      <DeviceIndicator
        on={student.isVideoEnabled}
        onIcon={Video}
        offIcon={VideoOff}
        onLabel="Camera on"
        offLabel="Camera off"
      />
      <DeviceIndicator
        on={student.isAudioEnabled}
        onIcon={Mic}
        offIcon={MicOff}
        onLabel="Microphone on"
        offLabel="Microphone off"
      />
      {student.screenSharing !== undefined && (
        <DeviceIndicator
          on={student.screenSharing}
          onIcon={ScreenShare}
          offIcon={ScreenShareOff}
          onLabel="Sharing screen"
          offLabel="Not sharing screen"
        />
      )}
    </span>
  );
}

export function WarningCount({ count }: { count: number }) {
  if (count === 0) return <span className="text-xs text-slate-500">No warnings</span>;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset">
      <TriangleAlert aria-hidden="true" className="size-3.5" />
      {plural(count, 'warning')}
    </span>
  );
}
