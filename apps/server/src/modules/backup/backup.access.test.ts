import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'backup', [['POST', '/api/admin/create-backup']]);
