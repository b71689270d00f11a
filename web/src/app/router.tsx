import { createBrowserRouter, Navigate } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { credentialsRoutes } from '../features/credentials/routes';
import { dependenciesRoutes } from '../features/dependencies/routes';
import { discoveryRoutes } from '../features/discovery/routes';
import { hostsRoutes } from '../features/hosts/routes';
import { keysRoutes } from '../features/keys/routes';
import { networksRoutes } from '../features/networks/routes';
import { organizationRoutes } from '../features/organization/routes';
import { publicShareRoutes, sharingRoutes } from '../features/sharing/routes';
import { topologyRoutes } from '../features/topology/routes';
import { NotFoundPage } from '../components/not-found-page';
import { Layout } from './layout';
import { RequireSession } from './require-session';

/** Each feature owns its routes; signed-in pages share the layout and the session check. */
export const router = createBrowserRouter([
  ...authRoutes,
  ...publicShareRoutes,
  {
    element: <RequireSession />,
    children: [
      {
        element: <Layout />,
        children: [
          { index: true, element: <Navigate to="/hosts" replace /> },
          ...hostsRoutes,
          ...topologyRoutes,
          ...networksRoutes,
          ...discoveryRoutes,
          ...credentialsRoutes,
          ...dependenciesRoutes,
          ...sharingRoutes,
          ...keysRoutes,
          ...organizationRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
