import type { RouteObject } from 'react-router';
import { Page } from '../../components/page';

export const networksRoutes: RouteObject[] = [
  { path: '/networks', element: <Page title="Networks">Coming soon.</Page> },
];
