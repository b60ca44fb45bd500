import type { MyExam } from '@examiq/contracts';

export interface ExamGroups {
  /** Open now, not submitted: to start or resume. */
  available: MyExam[];
  upcoming: MyExam[];
  /** Submitted, or whose window has closed. */
  completed: MyExam[];
}

const byTime = (pick: (exam: MyExam) => string) => (a: MyExam, b: MyExam) =>
  Date.parse(pick(a)) - Date.parse(pick(b));

/** The dashboard's three groups: the soonest first, the latest completed first. */
export function groupExams(exams: readonly MyExam[]): ExamGroups {
  const groups: ExamGroups = { available: [], upcoming: [], completed: [] };
  for (const exam of exams) {
    if (exam.attempt?.status === 'SUBMITTED' || exam.availability === 'CLOSED') {
      groups.completed.push(exam);
    } else if (exam.availability === 'OPEN') {
      groups.available.push(exam);
    } else {
      groups.upcoming.push(exam);
    }
  }
  groups.available.sort(byTime((exam) => exam.endsAt));
  groups.upcoming.sort(byTime((exam) => exam.startsAt));
  groups.completed.sort(byTime((exam) => exam.attempt?.submittedAt ?? exam.endsAt)).reverse();
  return groups;
}

/** The next moment an exam changes group (a lobby opens, a window closes), if any. */
export function nextChangeAt(exams: readonly MyExam[]): number | undefined {
  const moments = exams.flatMap((exam) => {
    if (exam.availability === 'UPCOMING') return [Date.parse(exam.lobbyOpensAt)];
    if (exam.availability === 'OPEN') return [Date.parse(exam.endsAt)];
    return [];
  });
  return moments.length > 0 ? Math.min(...moments) : undefined;
}
