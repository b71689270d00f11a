import './storage-fallback';
import type { RouteObject } from 'react-router';
import { PublicSharePage } from './pages/public-share-page';
import { SharesPage } from './pages/shares-page';

export const sharingRoutes: RouteObject[] = [{ path: '/shares', element: <SharesPage /> }];

/** /share/{id}: the public, read-only page outside the signed-in layout. */
export const publicShareRoutes: RouteObject[] = [{ path: '/share/:id', element: <PublicSharePage /> }];
