import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'media', [
  ['POST', '/api/admin/upload-media'],
  ['POST', '/api/admin/media-urls'],
]);

describeRouteAccess('faculty', 'faculty media', [
  ['POST', '/api/faculty/upload-media'],
  ['POST', '/api/faculty/media-urls'],
]);
