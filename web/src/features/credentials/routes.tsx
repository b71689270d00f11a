import type { RouteObject } from 'react-router';
import { Page } from '../../components/page';

export const credentialsRoutes: RouteObject[] = [
  { path: '/credentials', element: <Page title="Credentials">Coming soon.</Page> },
];
