import type { RouteObject } from 'react-router';
import { HostDetailPage } from './pages/host-detail-page';
import { HostsPage } from './pages/hosts-page';

export const hostsRoutes: RouteObject[] = [
  { path: '/hosts', element: <HostsPage /> },
  { path: '/hosts/:id', element: <HostDetailPage /> },
];
