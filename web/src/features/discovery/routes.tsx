import type { RouteObject } from 'react-router';
import { Page } from '../../components/page';

export const discoveryRoutes: RouteObject[] = [
  { path: '/discovery', element: <Page title="Discovery">Coming soon.</Page> },
];
