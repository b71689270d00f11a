import type { RouteObject } from 'react-router';
import { Page } from '../../components/page';

export const sharingRoutes: RouteObject[] = [{ path: '/shares', element: <Page title="Shares">Coming soon.</Page> }];

/** /share/{id}: the public, read-only page outside the signed-in layout. */
export const publicShareRoutes: RouteObject[] = [];
