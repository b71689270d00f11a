import type { RouteObject } from 'react-router';
import { HostsPage } from './pages/hosts-page';

export const hostsRoutes: RouteObject[] = [{ path: '/hosts', element: <HostsPage /> }];
