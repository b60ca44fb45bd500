import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'lms platforms', [
  ['GET', '/api/admin/get-lti-platforms'],
  ['POST', '/api/admin/create-lti-platform'],
  ['PUT', '/api/admin/update-lti-platform/{id}'],
  ['DELETE', '/api/admin/delete-lti-platform/{id}'],
  ['POST', '/api/admin/rotate-lti-key'],
]);

describeRouteAccess('admin', 'lti deep linking (admin)', [
  ['GET', '/api/admin/lti-deep-link/{id}'],
  ['POST', '/api/admin/lti-deep-link/{id}'],
]);

describeRouteAccess('faculty', 'lti deep linking', [
  ['GET', '/api/faculty/lti-deep-link/{id}'],
  ['POST', '/api/faculty/lti-deep-link/{id}'],
]);
