import { useSearchParams } from 'react-router';
import type { AnswersFilter } from './api/get-answers-to-grade';

/** Marking one question's answers, or one student's script. */
export type Mode = 'question' | 'student';

/** Mode, question or script, and page live in the address, so a reload opens the same answers. */
export function useGradingParams() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'student' ? 'student' : 'question';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const chosen = params.get(mode === 'question' ? 'question' : 'script') ?? undefined;
  const filter: AnswersFilter =
    mode === 'question' ? { questionId: chosen, page } : { attemptCode: chosen, page };
  const go = (next: { mode: Mode; chosen?: string; page?: number }, replace = false) => {
    const search = new URLSearchParams();
    if (next.mode === 'student') search.set('mode', 'student');
    if (next.chosen) search.set(next.mode === 'question' ? 'question' : 'script', next.chosen);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace });
  };
  return { mode, page, chosen, filter, go };
}
