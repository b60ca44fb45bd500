import {
  BLOOM_LEVEL_LABELS,
  type CourseAttainmentData,
  DIFFICULTY_LABELS,
  type ExamAttainmentData,
  type ExportFormat,
  type OutcomeAttainment,
} from '@examiq/contracts';
import { type Cell, pagesOf, spreadsheetStream } from '../../spreadsheets/write';

const OUTCOME_HEADER = [
  'Outcome',
  'Description',
  'Target %',
  'Marks available',
  'Average marks',
  'Students reaching',
  'Students',
  'Attainment %',
  'Level',
];

const outcomeRow = (outcome: OutcomeAttainment): Cell[] => [
  outcome.code,
  outcome.description,
  outcome.targetPercent,
  outcome.marksAvailable,
  outcome.averageMarks ?? '',
  outcome.studentsReaching,
  outcome.studentsTotal,
  outcome.attainmentPercent ?? '',
  outcome.level ?? '',
];

const percent = (share: number) => Math.round(share * 1000) / 10;

/** An exam's attainment as a sheet: its outcomes, then its paper's marks by Bloom's level and difficulty. */
export function examAttainmentFile(data: ExamAttainmentData, format: ExportFormat) {
  const rows: Cell[][] = [
    OUTCOME_HEADER,
    ...data.outcomes.map(outcomeRow),
    [],
    ["Bloom's level", 'Marks', 'Share %'],
    ...data.bloomLevels.map((share) => [
      share.key === 'UNLABELLED' ? 'Not labelled' : BLOOM_LEVEL_LABELS[share.key],
      share.marks,
      percent(share.share),
    ]),
    [],
    ['Difficulty', 'Marks', 'Share %'],
    ...data.difficulties.map((share) => [
      DIFFICULTY_LABELS[share.key],
      share.marks,
      percent(share.share),
    ]),
  ];
  return {
    fileName: `${data.exam.examId}-co-attainment.${format}`,
    stream: spreadsheetStream(format, 'CO attainment', pagesOf(rows)),
  };
}

/** A course's attainment over a term as a sheet, the exams it counts listed below. */
export function courseAttainmentFile(data: CourseAttainmentData, format: ExportFormat) {
  const rows: Cell[][] = [
    OUTCOME_HEADER,
    ...data.outcomes.map(outcomeRow),
    [],
    ['Exam', 'Day'],
    ...data.exams.map((exam) => [exam.title, exam.day]),
  ];
  const term = [data.from, data.to].filter(Boolean).join('-to-');
  return {
    fileName: `co-attainment${term ? `-${term}` : ''}.${format}`,
    stream: spreadsheetStream(format, 'CO attainment', pagesOf(rows)),
  };
}
