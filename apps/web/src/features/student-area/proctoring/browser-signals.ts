import type { ProctorEventType } from '@examiq/contracts';

/**
 * Records what the page can see of a student leaving the exam: the tab hidden or shown, the
 * window losing or regaining focus, fullscreen left or entered, copy, paste, cut and the context
 * menu. Nothing is blocked: the proctors judge. Gives the function that stops recording.
 */
export function watchBrowserSignals(record: (type: ProctorEventType) => void): () => void {
  const listeners: [EventTarget, string, () => void][] = [
    [
      document,
      'visibilitychange',
      () => record(document.visibilityState === 'hidden' ? 'TAB_HIDDEN' : 'TAB_VISIBLE'),
    ],
    [window, 'blur', () => record('WINDOW_BLUR')],
    [window, 'focus', () => record('WINDOW_FOCUS')],
    [
      document,
      'fullscreenchange',
      () => record(document.fullscreenElement ? 'FULLSCREEN_ENTER' : 'FULLSCREEN_EXIT'),
    ],
    [document, 'copy', () => record('COPY')],
    [document, 'paste', () => record('PASTE')],
    [document, 'cut', () => record('CUT')],
    [document, 'contextmenu', () => record('CONTEXT_MENU')],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}
