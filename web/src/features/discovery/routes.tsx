import type { RouteObject } from 'react-router';
import { NewSchedulePage } from './pages/new-schedule-page';
import { RunPage } from './pages/run-page';
import { RunsPage } from './pages/runs-page';
import { SchedulesPage } from './pages/schedules-page';
import { StartRunPage } from './pages/start-run-page';

export const discoveryRoutes: RouteObject[] = [
  { path: '/discovery', element: <RunsPage /> },
  { path: '/discovery/new', element: <StartRunPage /> },
  { path: '/discovery/runs/:id', element: <RunPage /> },
  { path: '/discovery/schedules', element: <SchedulesPage /> },
  { path: '/discovery/schedules/new', element: <NewSchedulePage /> },
];
