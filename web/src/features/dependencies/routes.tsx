import type { RouteObject } from 'react-router';
import { Page } from '../../components/page';

export const dependenciesRoutes: RouteObject[] = [
  { path: '/dependencies', element: <Page title="Dependencies">Coming soon.</Page> },
];
