import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'people import', [
  ['GET', '/api/admin/import-template/{kind}'],
  ['POST', '/api/admin/import-preview/{kind}'],
  ['POST', '/api/admin/import/{kind}'],
  ['GET', '/api/admin/get-job/{id}'],
  ['GET', '/api/admin/get-job-credentials/{id}'],
]);
