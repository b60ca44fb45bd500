import { describeAdminRouteAccess } from '../../test/admin-access';

describeAdminRouteAccess('dashboard', [['GET', '/api/admin/overview']]);
