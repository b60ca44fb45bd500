import { lazy, Suspense, useEffect } from 'react';
import {
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
} from 'react-router';
import { PageLoader } from '@/components/spinner';
import LoginPage from '@/features/auth/login-page';
import LandingPage from '@/features/public/landing-page';
import { setNavigate } from '@/lib/navigation';
import { RouteErrorBoundary } from './route-error';

// The landing and sign-in pages, where every visit begins, come with the main bundle and show
// without a second round trip. Every other page, and the signed-in layouts with the query cache,
// is a chunk of its own, fetched when first opened.
// The two layouts around a signed-in page are fetched together, so the page waits for one
// download before its own, not two in turn.
const signedInLayouts = () =>
  Promise.all([import('./server-data-layout'), import('./area-layout')]);
const ServerDataLayout = lazy(() => signedInLayouts().then(([data]) => data));
const AreaLayout = lazy(() => signedInLayouts().then(([, area]) => ({ default: area.AreaLayout })));
const DocumentationPage = lazy(() => import('@/features/public/documentation-page'));
const ChangePasswordPage = lazy(() => import('@/features/auth/change-password-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/reset-password-page'));
const SetPasswordPage = lazy(() => import('@/features/auth/set-password-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const StudentsPage = lazy(() => import('@/features/students/students-page'));
const CreateStudentPage = lazy(() => import('@/features/students/create-student-page'));
const StudentDetailPage = lazy(() => import('@/features/students/student-detail-page'));
const EditStudentPage = lazy(() => import('@/features/students/edit-student-page'));
const FacultyPage = lazy(() => import('@/features/faculty/faculty-page'));
const CreateFacultyPage = lazy(() => import('@/features/faculty/create-faculty-page'));
const FacultyDetailPage = lazy(() => import('@/features/faculty/faculty-detail-page'));
const EditFacultyPage = lazy(() => import('@/features/faculty/edit-faculty-page'));
const PeopleImportPage = lazy(() => import('@/features/people-import/people-import-page'));
const ExamPage = lazy(() => import('@/features/exams/exam-page'));
const AllExamPage = lazy(() => import('@/features/exams/all-exam-page'));
const CreateExamPage = lazy(() => import('@/features/exams/create-exam-page'));
const ExamDetailPage = lazy(() => import('@/features/exams/exam-detail-page'));
const EditExamPage = lazy(() => import('@/features/exams/edit-exam-page'));
const SittingsPage = lazy(() => import('@/features/exams/sittings-page'));
const ResultsPage = lazy(() => import('@/features/results/results-page'));
const ExamResultsPage = lazy(() => import('@/features/results/exam-results-page'));
const AttemptTimelinePage = lazy(() => import('@/features/results/attempt-timeline-page'));
const EvaluatorsPanel = lazy(() =>
  import('@/features/exams/evaluators-panel').then(({ EvaluatorsPanel }) => ({
    default: EvaluatorsPanel,
  })),
);
const EndExamNowButton = lazy(() =>
  import('@/features/exams/end-exam-dialog').then(({ EndExamNowButton }) => ({
    default: EndExamNowButton,
  })),
);
const ExamReportPage = lazy(() => import('@/features/reports/exam-report-page'));
const ExamAttainmentPage = lazy(() => import('@/features/outcomes/exam-attainment-page'));
const CourseAttainmentPage = lazy(() => import('@/features/outcomes/course-attainment-page'));
const ExamMonitorPage = lazy(() => import('@/features/proctoring/exam-monitor-page'));
const ProctoredExamsPage = lazy(() => import('@/features/proctoring/proctored-exams-page'));
const FacultyMonitorPage = lazy(() =>
  import('@/features/proctoring/exam-monitor-page').then(({ FacultyMonitorPage }) => ({
    default: FacultyMonitorPage,
  })),
);
const QuestionBankPage = lazy(() => import('@/features/question-bank/question-bank-page'));
const CourseBankSettingsPage = lazy(
  () => import('@/features/question-bank/course-bank-settings-page'),
);
const BankQuestionPage = lazy(() => import('@/features/question-bank/bank-question-page'));
const BankQuestionEditorPage = lazy(
  () => import('@/features/question-bank/bank-question-editor-page'),
);
const MasterDataPage = lazy(() => import('@/features/master-data/master-data-page'));
const AuditLogPage = lazy(() => import('@/features/audit/audit-log-page'));
const SettingsPage = lazy(() => import('@/features/settings/settings-page'));
const OutboxPage = lazy(() => import('@/features/outbox/outbox-page'));
const ViewBatchPage = lazy(() => import('@/features/master-data/view-batch-page'));
const ViewCoursePage = lazy(() => import('@/features/master-data/view-course-page'));
const ViewBranchPage = lazy(() => import('@/features/master-data/view-branch-page'));
const ViewSectionPage = lazy(() => import('@/features/master-data/view-section-page'));
const FacultyDashboardPage = lazy(() => import('@/features/faculty-area/faculty-dashboard-page'));
const GradingPage = lazy(() => import('@/features/faculty-area/grading-page'));
const StudentDashboardPage = lazy(() => import('@/features/student-area/student-dashboard-page'));
const ExamLobbyPage = lazy(() => import('@/features/student-area/exam-lobby-page'));
const AttemptPage = lazy(() => import('@/features/student-area/attempt-page'));
const ExamPreviewPage = lazy(() => import('@/features/student-area/exam-preview-page'));
const PrintPaperPage = lazy(() => import('@/features/exams/print-paper-page'));
const StudentResultPage = lazy(() => import('@/features/student-area/result-page'));
const LtiLaunchedPage = lazy(() => import('@/features/lti/launched-page'));
const LtiDeepLinkPage = lazy(() => import('@/features/lti/deep-link-page'));

function RootLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/documentation', element: <DocumentationPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/lti/launched', element: <LtiLaunchedPage /> },
      {
        element: <ServerDataLayout />,
        children: [
          { path: '/change-password', element: <ChangePasswordPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/set-password', element: <SetPasswordPage /> },
          {
            path: '/admin',
            element: <AreaLayout area="admin" />,
            children: [
              { index: true, element: <DashboardPage /> },
              { path: 'student', element: <StudentsPage /> },
              { path: 'student/create-student', element: <CreateStudentPage /> },
              {
                path: 'student/import',
                element: <PeopleImportPage key="students" kind="students" />,
              },
              { path: 'student/:id', element: <StudentDetailPage /> },
              { path: 'student/:id/edit', element: <EditStudentPage /> },
              { path: 'faculty', element: <FacultyPage /> },
              { path: 'faculty/create-faculty', element: <CreateFacultyPage /> },
              {
                path: 'faculty/import',
                element: <PeopleImportPage key="faculty" kind="faculty" />,
              },
              { path: 'faculty/:id', element: <FacultyDetailPage /> },
              { path: 'faculty/:id/edit', element: <EditFacultyPage /> },
              { path: 'exam', element: <ExamPage /> },
              { path: 'exam/all-exam', element: <AllExamPage /> },
              { path: 'exam/create-exam', element: <CreateExamPage /> },
              { path: 'exam/:examId', element: <ExamDetailPage /> },
              { path: 'exam/:examId/edit', element: <EditExamPage /> },
              { path: 'exam/:examId/preview', element: <ExamPreviewPage /> },
              { path: 'exam/:examId/print', element: <PrintPaperPage answerKey={false} /> },
              { path: 'exam/:examId/print-key', element: <PrintPaperPage answerKey /> },
              { path: 'exam/:examId/sittings', element: <SittingsPage /> },
              { path: 'exam/results', element: <ResultsPage /> },
              {
                path: 'exam/:examId/results',
                // Features never import each other: the exam's evaluators and its end are placed here.
                element: (
                  <ExamResultsPage
                    evaluatorsPanel={(examId) => <EvaluatorsPanel examId={examId} />}
                    endExamAction={(examId, onEnded) => (
                      <EndExamNowButton examId={examId} onEnded={onEnded} />
                    )}
                  />
                ),
              },
              {
                path: 'exam/:examId/attempts/:attemptId/timeline',
                element: <AttemptTimelinePage />,
              },
              { path: 'exam/:examId/report', element: <ExamReportPage /> },
              { path: 'exam/:examId/outcomes', element: <ExamAttainmentPage /> },
              { path: 'exam/exam-ui', element: <ExamMonitorPage /> },
              { path: 'exam/live-proctoring', element: <ProctoredExamsPage /> },
              { path: 'question-bank', element: <QuestionBankPage area="admin" /> },
              { path: 'question-bank/new', element: <BankQuestionEditorPage area="admin" /> },
              { path: 'question-bank/:questionId', element: <BankQuestionPage area="admin" /> },
              {
                path: 'question-bank/:questionId/edit',
                element: <BankQuestionEditorPage area="admin" />,
              },
              { path: 'question-bank/course/:courseId', element: <CourseBankSettingsPage /> },
              {
                path: 'question-bank/course/:courseId/attainment',
                element: <CourseAttainmentPage />,
              },
              { path: 'data', element: <MasterDataPage /> },
              { path: 'data/view-batch', element: <ViewBatchPage /> },
              { path: 'data/view-course', element: <ViewCoursePage /> },
              { path: 'data/view-branch', element: <ViewBranchPage /> },
              { path: 'data/view-section', element: <ViewSectionPage /> },
              { path: 'audit', element: <AuditLogPage /> },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'outbox', element: <OutboxPage /> },
              { path: 'lti/deep-link/:id', element: <LtiDeepLinkPage area="admin" /> },
            ],
          },
          {
            path: '/faculty',
            element: <AreaLayout area="faculty" />,
            children: [
              { index: true, element: <FacultyDashboardPage /> },
              { path: 'grade/:examId', element: <GradingPage /> },
              { path: 'lti/deep-link/:id', element: <LtiDeepLinkPage area="faculty" /> },
              { path: 'exams/:examId/monitor', element: <FacultyMonitorPage /> },
              { path: 'question-bank', element: <QuestionBankPage area="faculty" /> },
              { path: 'question-bank/new', element: <BankQuestionEditorPage area="faculty" /> },
              { path: 'question-bank/:questionId', element: <BankQuestionPage area="faculty" /> },
              {
                path: 'question-bank/:questionId/edit',
                element: <BankQuestionEditorPage area="faculty" />,
              },
            ],
          },
          {
            path: '/student',
            element: <AreaLayout area="student" />,
            children: [
              { index: true, element: <StudentDashboardPage /> },
              { path: 'exam/:examId', element: <ExamLobbyPage /> },
              { path: 'attempt/:attemptId', element: <AttemptPage /> },
              { path: 'result/:examId', element: <StudentResultPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** A new page starts at its top; back and forward leave the browser to restore the position. */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new pathname is a new page to open at its top
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/**
 * The app's pages, inside a router (`BrowserRouter` in the app, `MemoryRouter` in tests). The
 * declarative router keeps the data router's loader and action machinery, which no page uses,
 * out of the first download.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  // Code outside React (API client, auth store) sends users to /login through the router.
  useEffect(() => {
    setNavigate((path) => {
      void navigate(path, { replace: true });
    });
  }, [navigate]);
  useScrollToTopOnNavigation();
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
