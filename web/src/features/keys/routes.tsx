import type { RouteObject } from 'react-router';
import { KeysPage } from './pages/keys-page';

export const keysRoutes: RouteObject[] = [{ path: '/keys', element: <KeysPage /> }];
