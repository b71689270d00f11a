import type { RouteObject } from 'react-router';
import { OrganizationPage } from './pages/organization-page';

export const organizationRoutes: RouteObject[] = [{ path: '/organization', element: <OrganizationPage /> }];
