import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'media', [
  ['POST', '/api/admin/upload-media'],
  ['POST', '/api/admin/media-urls'],
]);
