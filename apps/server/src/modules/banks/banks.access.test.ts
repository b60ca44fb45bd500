import { describeRouteAccess } from '../../test/route-access';

const BANK_QUESTION_ROUTES = (area: 'admin' | 'faculty') =>
  [
    ['GET', `/api/${area}/get-bank-courses`],
    ['GET', `/api/${area}/get-course-outcomes/{courseId}`],
    ['POST', `/api/${area}/create-bank-question`],
    ['PUT', `/api/${area}/update-bank-question/{id}`],
    ['GET', `/api/${area}/get-bank-question/{id}`],
    ['POST', `/api/${area}/restore-bank-question/{id}`],
    ['POST', `/api/${area}/set-bank-question-status/{id}`],
    ['GET', `/api/${area}/get-bank-questions`],
    ['GET', `/api/${area}/get-bank-categories/{courseId}`],
    ['POST', `/api/${area}/preview-draw`],
    ['POST', `/api/${area}/bulk-bank-questions`],
    ['POST', `/api/${area}/import-bank-questions/{courseId}`],
    ['GET', `/api/${area}/export-bank-questions`],
  ] as const;

describeRouteAccess('admin', 'question banks', [
  ['POST', '/api/admin/set-course-outcomes/{courseId}'],
  ['POST', '/api/admin/set-bank-access/{courseId}'],
  ['GET', '/api/admin/get-bank-access/{courseId}'],
  ...BANK_QUESTION_ROUTES('admin'),
]);

describeRouteAccess('faculty', 'question bank', BANK_QUESTION_ROUTES('faculty'));
