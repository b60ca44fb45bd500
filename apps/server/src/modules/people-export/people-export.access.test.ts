import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'people-export', [
  ['GET', '/api/admin/export/students'],
  ['GET', '/api/admin/export/faculty'],
]);
