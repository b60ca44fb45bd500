/**
 * The proctored attempt's code, a chunk of its own: the attempt page renders it, and the lobby of
 * a proctored exam fetches it ahead so that the signals are watched from the attempt's first moment.
 */
export const loadProctoredSitting = () => import('./proctored-sitting');
