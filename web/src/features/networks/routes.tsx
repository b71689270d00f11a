import type { RouteObject } from 'react-router';
import { NetworkPage } from './pages/network-page';
import { NetworksPage } from './pages/networks-page';

export const networksRoutes: RouteObject[] = [
  { path: '/networks', element: <NetworksPage /> },
  { path: '/networks/:id', element: <NetworkPage /> },
];
