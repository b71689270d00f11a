import type { RouteObject } from 'react-router';
import { Page } from '../../components/page';

export const organizationRoutes: RouteObject[] = [
  { path: '/organization', element: <Page title="Organization">Coming soon.</Page> },
];
