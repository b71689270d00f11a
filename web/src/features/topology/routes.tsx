import type { RouteObject } from 'react-router';
import { Page } from '../../components/page';

export const topologyRoutes: RouteObject[] = [
  { path: '/topology', element: <Page title="Topology">Coming soon.</Page> },
];
