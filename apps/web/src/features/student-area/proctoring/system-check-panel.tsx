import { type SystemCheck, systemCheckPassed } from '@examiq/contracts';
import {
  Camera,
  CircleCheck,
  CircleDashed,
  CircleX,
  Maximize,
  Mic,
  RotateCw,
  ShieldCheck,
  Wifi,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { cn } from '@/lib/cn';
import { formatCountdown } from '@/lib/countdown';
import { closeCamera, currentCamera, keepCamera } from './camera';
import {
  browserDevices,
  CHECK_MESSAGES,
  CHECK_PARTS,
  type CheckPart,
  type PartOutcome,
  runSystemCheck,
  systemCheckOf,
} from './system-check';

const PARTS: Record<CheckPart, { label: string; icon: typeof Camera }> = {
  camera: { label: 'Camera', icon: Camera },
  microphone: { label: 'Microphone', icon: Mic },
  fullscreen: { label: 'Fullscreen', icon: Maximize },
  connection: { label: 'Connection', icon: Wifi },
};

const CAMERA_STOPPED = 'The camera stopped. Check again.';

interface SystemCheckPanelProps {
  /** The check's result each time it changes; null until it has run. */
  onChange: (check: SystemCheck | null) => void;
  /** The exam is being started: the camera stays open for the attempt page. */
  starting: boolean;
  /** Seconds until Start opens; 0 once it has. */
  opensIn: number;
}

/**
 * The lobby's system check of a proctored exam: the camera (with a preview), the microphone,
 * fullscreen and the connection, each with what to do when it fails. The camera it opens is kept
 * for the attempt.
 */
export default function SystemCheckPanel({ onChange, starting, opensIn }: SystemCheckPanelProps) {
  const [parts, setParts] = useState<Record<CheckPart, PartOutcome> | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(currentCamera);
  const [running, setRunning] = useState(false);
  const preview = useRef<HTMLVideoElement>(null);
  const latestOnChange = useRef(onChange);
  const startingRef = useRef(starting);
  useEffect(() => {
    latestOnChange.current = onChange;
    startingRef.current = starting;
  });

  // A student who leaves the lobby without starting turns the camera off.
  useEffect(
    () => () => {
      if (!startingRef.current) closeCamera();
    },
    [],
  );

  useEffect(() => {
    latestOnChange.current(parts ? systemCheckOf(parts) : null);
  }, [parts]);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream]);

  // What fails after the check still stands in the way of Start.
  useEffect(() => {
    const fail = (part: CheckPart, message: string) =>
      setParts((current) => current && { ...current, [part]: { passed: false, message } });
    const onOffline = () => fail('connection', CHECK_MESSAGES.offline);
    const onEnded = () => {
      setStream(null);
      fail('camera', CAMERA_STOPPED);
    };
    const track = stream?.getVideoTracks()[0];
    window.addEventListener('offline', onOffline);
    track?.addEventListener('ended', onEnded);
    return () => {
      window.removeEventListener('offline', onOffline);
      track?.removeEventListener('ended', onEnded);
    };
  }, [stream]);

  const check = async () => {
    setRunning(true);
    const outcome = await runSystemCheck(browserDevices());
    if (outcome.stream) {
      keepCamera(outcome.stream);
      setStream(currentCamera());
    } else {
      setStream(null);
    }
    setParts(outcome.parts);
    setRunning(false);
  };

  const passed = parts !== null && systemCheckPassed(systemCheckOf(parts));

  return (
    <div className="space-y-4">
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <span>
          This exam is proctored. Your proctors see your camera during the exam, and the exam runs
          in fullscreen. Check your system before you start.
        </span>
      </p>
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-slate-900">
        <video
          ref={preview}
          autoPlay
          muted
          playsInline
          aria-label="Camera preview"
          className={cn('size-full -scale-x-100 object-cover', !stream && 'hidden')}
        />
        {!stream && (
          <p className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-4 text-center text-sm text-slate-300">
            <Camera aria-hidden="true" className="size-6" />
            Your camera preview appears here
          </p>
        )}
      </div>
      <ul aria-label="System check" className="space-y-2.5">
        {CHECK_PARTS.map((part) => (
          <CheckRow key={part} part={part} outcome={parts?.[part] ?? null} running={running} />
        ))}
      </ul>
      <p role="status" className="text-sm font-medium">
        {passed && (
          <span className="flex items-center gap-2 text-green-700">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
            {opensIn > 0 ? (
              <span>
                All checks passed. Start opens in{' '}
                {/* Announced with the sentence, not again at every tick. */}
                <time aria-live="off" dateTime={`PT${opensIn}S`} className="tabular-nums">
                  {formatCountdown(opensIn)}
                </time>
                .
              </span>
            ) : (
              'All checks passed. You can start the exam.'
            )}
          </span>
        )}
        {parts && !passed && !running && (
          <span className="text-red-700">Fix what failed, then check again to start.</span>
        )}
      </p>
      <Button
        variant={passed ? 'secondary' : 'primary'}
        fullWidth
        loading={running}
        onClick={() => void check()}
      >
        {parts ? <RotateCw aria-hidden="true" className="size-4" /> : null}
        {running ? 'Checking…' : parts ? 'Check again' : 'Check my system'}
      </Button>
    </div>
  );
}

function CheckRow({
  part,
  outcome,
  running,
}: {
  part: CheckPart;
  outcome: PartOutcome | null;
  running: boolean;
}) {
  const { label, icon: Icon } = PARTS[part];
  const [StatusIcon, tone, status] = running
    ? [CircleDashed, 'text-slate-500', 'checking']
    : !outcome
      ? [CircleDashed, 'text-slate-500', 'not checked yet']
      : outcome.passed
        ? [CircleCheck, 'text-green-700', 'passed']
        : [CircleX, 'text-red-700', 'failed'];
  return (
    <li className="flex items-start gap-3 text-sm">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center justify-between gap-2 font-medium text-slate-900">
          {label}
          <span className={cn('flex items-center gap-1 text-xs font-medium', tone)}>
            <StatusIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">: </span>
            {status}
          </span>
        </p>
        {outcome && !outcome.passed && !running && (
          <p className="mt-0.5 text-red-700">{outcome.message}</p>
        )}
      </div>
    </li>
  );
}
