import type { RouteObject } from 'react-router';
import { RegisterPage } from './pages/register-page';
import { SignInPage } from './pages/sign-in-page';

export const authRoutes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/register', element: <RegisterPage /> },
];
