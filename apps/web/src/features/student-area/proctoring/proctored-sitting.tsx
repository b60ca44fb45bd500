import {
  type ProctoringUpdate,
  type ProctorMessage,
  type ReportEventsResult,
  type ServerMessage,
  SNAPSHOT_LIMITS,
} from '@examiq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, Maximize, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { formatClock } from '@/lib/format';
import { useLiveChannel } from '@/lib/live-channel';
import { useMessages } from '../api/get-messages';
import { messagesQueryKey } from '../api/keys';
import { reportEvents } from '../api/report-events';
import { useSendMessage } from '../api/send-message';
import { Notice } from '../attempt/notice';
import { watchBrowserSignals } from './browser-signals';
import { cameraFrames, closeCamera, currentCamera, openCamera } from './camera';
import { CameraAnswers } from './camera-answers';
import { ChatPanel } from './chat-panel';
import { ProctorEventQueue } from './event-queue';
import { watchFaces } from './face-watch';
import { ProctorMessageBanner } from './proctor-message-banner';
import { snapshotOf } from './snapshot';

export interface ProctoredSittingProps {
  attemptId: string;
  examId: string;
  /** The server's time now (epoch ms), as the attempt page keeps it: events are dated with it. */
  serverNow: () => number;
  /** A heartbeat's time left, to resync the countdown. */
  onRemaining: (remainingMs: number) => void;
  /** A proctor gave extra time: the new deadline. */
  onDeadline: (deadlineAt: string, remainingMs: number) => void;
  /** The attempt is over: a proctor ended it (with the reason), or the server stopped recording. */
  onEnded: (reason: string | null) => void;
}

/**
 * What a proctored exam adds to the attempt page: the signals and heartbeat, the face check, the
 * camera for the proctors (video and snapshots), their chat, warnings, extra time and ending.
 * Loaded only for a proctored attempt.
 */
export default function ProctoredSitting({
  attemptId,
  examId,
  serverNow,
  onRemaining,
  onDeadline,
  onEnded,
}: ProctoredSittingProps) {
  const queryClient = useQueryClient();
  const latest = useRef({ serverNow, onRemaining, onDeadline, onEnded });
  useEffect(() => {
    latest.current = { serverNow, onRemaining, onDeadline, onEnded };
  });
  const [camera, setCamera] = useState<MediaStream | null>(currentCamera);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  const [warning, setWarning] = useState<ProctorMessage | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const chatOpenRef = useRef(chatOpen);
  chatOpenRef.current = chatOpen;
  // The newest proctor's chat message that came while the chat was closed, until it is read.
  const [incoming, setIncoming] = useState<ProctorMessage | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const chatButton = useRef<HTMLButtonElement>(null);
  // Why the server stopped carrying this attempt's live messages (moved out of the audience).
  const [revoked, setRevoked] = useState<string | null>(null);
  const messages = useMessages(attemptId);
  const sendMessage = useSendMessage();
  // Until when (server time) the student has read the proctors' messages: what was there when
  // the page opened, and everything whenever the chat is open.
  const [readUntil, setReadUntil] = useState(() => serverNow());
  const lastMessageAt = messages.data?.at(-1)?.at;
  useEffect(() => {
    if (chatOpen) setIncoming(null);
  }, [chatOpen]);
  useEffect(() => {
    if (chatOpen)
      setReadUntil(
        Math.max(latest.current.serverNow(), lastMessageAt ? Date.parse(lastMessageAt) : 0),
      );
  }, [chatOpen, lastMessageAt]);
  const unread =
    messages.data?.filter(
      (message) => message.from === 'PROCTOR' && Date.parse(message.at) > readUntil,
    ).length ?? 0;

  const addMessage = useCallback(
    (message: ProctorMessage) => {
      queryClient.setQueryData<ProctorMessage[]>(messagesQueryKey(attemptId), (current = []) =>
        current.some((known) => known._id === message._id) ? current : [...current, message],
      );
    },
    [attemptId, queryClient],
  );

  const onProctoring = (update: ProctoringUpdate) => {
    switch (update.kind) {
      case 'message': {
        const { message } = update;
        addMessage(message);
        if (message.kind === 'WARNING') {
          setWarning(message);
        } else if (message.from === 'PROCTOR') {
          setAnnouncement(
            `Message from ${message.senderName} at ${formatClock(message.at)}: ${message.text}`,
          );
          if (!chatOpenRef.current) setIncoming(message);
        }
        break;
      }
      case 'deadline':
        if (update.attemptId === attemptId) {
          latest.current.onDeadline(update.deadlineAt, update.remainingMs);
        }
        break;
      case 'attempt-ended':
        if (update.attemptId === attemptId) latest.current.onEnded(update.reason);
        break;
    }
  };

  const answers = useRef<CameraAnswers | null>(null);
  const live = useLiveChannel((message: ServerMessage) => {
    switch (message.type) {
      case 'ready':
        if (!message.attempts.some((joined) => joined.attemptId === attemptId)) {
          live.send({ type: 'join-attempt', attemptId });
        }
        // Messages written while this page had no socket are read again.
        void queryClient.invalidateQueries({ queryKey: messagesQueryKey(attemptId) });
        break;
      case 'proctoring':
        onProctoring(message.update);
        break;
      case 'access-revoked':
        if (message.attemptId === attemptId) setRevoked(message.message);
        break;
      case 'signal':
        void answers.current?.onSignal(message);
        break;
    }
  });
  const liveRef = useRef(live);
  liveRef.current = live;

  const [queue] = useState(
    () =>
      new ProctorEventQueue(attemptId, {
        send: (events) => reportEvents(attemptId, events),
        onReported: (result: ReportEventsResult) => latest.current.onRemaining(result.remainingMs),
        onOver: () => latest.current.onEnded(null),
        now: () => latest.current.serverNow(),
      }),
  );

  useEffect(() => {
    // A reload leaves fullscreen without an event: the page says so itself.
    if (document.fullscreenEnabled && !document.fullscreenElement) {
      queue.record('FULLSCREEN_EXIT', { note: 'not in fullscreen when the exam page opened' });
    }
    queue.start();
    const stopSignals = watchBrowserSignals((type) => queue.record(type));
    const onFullscreenChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      queue.stop();
      stopSignals();
      document.removeEventListener('fullscreenchange', onFullscreenChange);
    };
  }, [queue]);

  // The camera the lobby opened, or opened again after a reload; closed when the attempt ends here.
  const startCamera = useCallback(async () => {
    try {
      const opened = await openCamera();
      setCamera(opened);
      setCameraProblem(null);
      answers.current?.sendCamera(opened);
    } catch (error) {
      const refused = error instanceof Error && error.name === 'NotAllowedError';
      const problem = refused
        ? 'Camera permission was refused. Allow the camera for this site, then turn it on.'
        : 'Your camera could not be started. Check that it is connected and not used by another application.';
      setCameraProblem(problem);
      queue.record('CAMERA_STOPPED', { note: refused ? 'permission refused' : 'could not start' });
    }
  }, [queue]);

  useEffect(() => {
    answers.current = new CameraAnswers(
      examId,
      (message) => liveRef.current.send(message),
      currentCamera,
      () => liveRef.current.ready?.iceServers ?? [],
    );
    if (!currentCamera()) void startCamera();
    return () => {
      answers.current?.closeAll();
      answers.current = null;
      closeCamera();
    };
  }, [examId, startCamera]);

  useEffect(() => {
    if (!camera) return;
    const track = camera.getVideoTracks()[0];
    const onEnded = () => {
      queue.record('CAMERA_STOPPED');
      setCamera(null);
      setCameraProblem('Your camera stopped. Turn it on again so your proctors can see you.');
    };
    track?.addEventListener('ended', onEnded);
    const stopFaces = watchFaces(
      camera,
      (signal) => queue.add(signal),
      (at) => new Date(latest.current.serverNow() - (performance.now() - at)).toISOString(),
    );
    const canvas = document.createElement('canvas');
    const snapshots = setInterval(() => {
      void cameraFrames(camera).then((video) => {
        const image = snapshotOf(video, canvas);
        if (image) liveRef.current.send({ type: 'snapshot', attemptId, image });
      });
    }, SNAPSHOT_LIMITS.everyMs);
    return () => {
      track?.removeEventListener('ended', onEnded);
      stopFaces();
      clearInterval(snapshots);
    };
  }, [camera, queue, attemptId]);

  const returnToFullscreen = () => {
    document.documentElement.requestFullscreen().catch(() => undefined);
  };

  return (
    <>
      {/* Over everything, wherever the student has scrolled: it must be read before going on. */}
      <Modal
        open={warning !== null}
        onClose={() => setWarning(null)}
        title="Warning from your proctor"
        size="sm"
        footer={<Button onClick={() => setWarning(null)}>I understand</Button>}
      >
        <div className="flex gap-3">
          <TriangleAlert aria-hidden="true" className="size-6 shrink-0 text-red-600" />
          <div className="min-w-0 text-sm">
            <p className="font-medium wrap-anywhere whitespace-pre-wrap text-slate-900">
              {warning?.text}
            </p>
            <p className="mt-2 text-slate-600">
              {warning &&
                `${warning.senderName} at ${formatClock(warning.at)}. It is kept in your chat with the proctors.`}
            </p>
          </div>
        </div>
      </Modal>
      {!fullscreen && document.fullscreenEnabled && (
        <Notice
          tone="amber"
          title="You are not in fullscreen"
          action={
            <Button size="sm" onClick={returnToFullscreen}>
              <Maximize aria-hidden="true" className="size-4" />
              Return to fullscreen
            </Button>
          }
        >
          This exam runs in fullscreen. Leaving it is recorded for your proctors.
        </Notice>
      )}
      {revoked && (
        <Notice tone="amber" title="Your proctors are no longer connected">
          {revoked}
        </Notice>
      )}
      {cameraProblem && (
        <Notice
          tone="amber"
          title="Your camera is off"
          action={
            <Button size="sm" variant="secondary" onClick={() => void startCamera()}>
              <Camera aria-hidden="true" className="size-4" />
              Turn camera on
            </Button>
          }
        >
          {cameraProblem}
        </Notice>
      )}
      {/* Read out whether the chat is open or not: a proctor's message must reach the student. */}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {incoming && (
        <ProctorMessageBanner
          message={incoming}
          onReply={() => setChatOpen(true)}
          onDismiss={() => {
            setIncoming(null);
            chatButton.current?.focus();
          }}
        />
      )}
      <ChatPanel
        messages={messages.data}
        loadFailed={messages.isError}
        unread={unread}
        toggleRef={chatButton}
        open={chatOpen}
        onOpenChange={setChatOpen}
        sending={sendMessage.isPending}
        onSend={(text) =>
          sendMessage.mutateAsync({ attemptId, text }).then((message) => addMessage(message))
        }
      />
    </>
  );
}
