import type { DashboardOverview, ExamResultStatus, RecentExam } from '@examiq/contracts';
import { ids } from './master-data-fixtures';

export function makeRecentExam(overrides: Partial<RecentExam> = {}): RecentExam {
  return {
    _id: '40000000-0000-4000-8000-000000000001',
    examId: 'EXM-0001',
    examTitle: 'Data Structures Mid-term',
    subject: 'Data Structures',
    course: { _id: ids.course1, name: 'B.Tech', fullName: 'Bachelor of Technology' },
    batch: { _id: ids.batch1, name: '2024-2028' },
    scheduleDetails: {
      examDate: '2030-03-14',
      startTime: '09:30',
      endTime: '11:00',
      bufferTime: { beforeExam: 15, afterExam: 10 },
    },
    participants: 58,
    status: 'Completed',
    ...overrides,
  };
}

export function makeResultStatus(overrides: Partial<ExamResultStatus> = {}): ExamResultStatus {
  return {
    _id: '40000000-0000-4000-8000-000000000002',
    examId: 'EXM-0002',
    examTitle: 'Algorithms Final',
    subject: 'Algorithms',
    examMode: 'AUTO',
    totalMarks: 100,
    passingMarks: 40,
    scheduleDetails: {
      startDate: '2030-03-01',
      endDate: '2030-03-02',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    resultStatus: 'Ready to Publish',
    submitted: 42,
    answersToMark: 0,
    ...overrides,
  };
}

/** A successful GET /admin/overview answer's data, with distinct figures to tell them apart. */
export function makeOverview(overrides: Partial<DashboardOverview> = {}): DashboardOverview {
  return {
    systemOverview: { batches: 3, courses: 5, branches: 7, sections: 11 },
    examStatistics: { ongoing: 2, completed: 13, upcoming: 4, pendingResults: 6 },
    recentExams: [makeRecentExam()],
    resultStatuses: [makeResultStatus()],
    asOf: '2030-03-14T10:00',
    ...overrides,
  };
}
