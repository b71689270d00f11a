import type { RouteObject } from 'react-router';
import { CredentialsPage } from './pages/credentials-page';

export const credentialsRoutes: RouteObject[] = [{ path: '/credentials', element: <CredentialsPage /> }];
