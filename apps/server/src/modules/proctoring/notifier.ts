import type { ProctoringUpdate } from '@examiq/contracts';
import type { FastifyBaseLogger } from 'fastify';

export type ProctoringListener = (examId: string, update: ProctoringUpdate) => void;

/**
 * Where the proctoring service announces each change once it is stored: in process, to whoever
 * subscribed (the live monitor's fan-out). With no subscriber it does nothing. A listener that
 * throws is logged and never fails the request that made the change.
 */
export interface ProctoringNotifier {
  onProctoringChange(examId: string, update: ProctoringUpdate): void;
  /** Adds a listener; the function returned removes it. */
  subscribe(listener: ProctoringListener): () => void;
}

export function createProctoringNotifier(log: FastifyBaseLogger): ProctoringNotifier {
  const listeners = new Set<ProctoringListener>();
  return {
    onProctoringChange(examId, update) {
      for (const listener of listeners) {
        try {
          listener(examId, update);
        } catch (error) {
          log.error({ err: error, examId, kind: update.kind }, 'proctoring listener failed');
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Subscribe here to publish proctoring changes live. */
    proctoring: ProctoringNotifier;
  }
}
