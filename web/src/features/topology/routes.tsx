import type { RouteObject } from 'react-router';
import { TopologyPage } from './pages/topology-page';

export const topologyRoutes: RouteObject[] = [{ path: '/topology', element: <TopologyPage /> }];
