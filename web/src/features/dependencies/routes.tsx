import type { RouteObject } from 'react-router';
import { DependenciesPage } from './pages/dependencies-page';
import { DependencyFormPage } from './pages/dependency-form-page';

export const dependenciesRoutes: RouteObject[] = [
  { path: '/dependencies', element: <DependenciesPage /> },
  { path: '/dependencies/new', element: <DependencyFormPage /> },
  { path: '/dependencies/:id/edit', element: <DependencyFormPage /> },
];
