import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'master-data', [
  ['POST', '/api/admin/create-batch'],
  ['POST', '/api/admin/create-course'],
  ['POST', '/api/admin/create-branch'],
  ['POST', '/api/admin/create-section'],
  ['GET', '/api/admin/get-batches'],
  ['GET', '/api/admin/get-courses'],
  ['GET', '/api/admin/get-branches'],
  ['GET', '/api/admin/get-sections'],
  ['GET', '/api/admin/get-courses-by-batch'],
  ['GET', '/api/admin/get-branches-by-course'],
  ['GET', '/api/admin/get-sections-by-branch'],
  ['GET', '/api/admin/get-master-data-counts'],
  ['PUT', '/api/admin/update-batch/{id}'],
  ['DELETE', '/api/admin/delete-batch/{id}'],
  ['PUT', '/api/admin/update-course/{id}'],
  ['DELETE', '/api/admin/delete-course/{id}'],
  ['PUT', '/api/admin/update-branch/{id}'],
  ['DELETE', '/api/admin/delete-branch/{id}'],
  ['PUT', '/api/admin/update-section/{id}'],
  ['DELETE', '/api/admin/delete-section/{id}'],
]);
