import type { RouteObject } from 'react-router';
import { Page } from '../../components/page';

export const keysRoutes: RouteObject[] = [{ path: '/keys', element: <Page title="Keys">Coming soon.</Page> }];
