import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, onSessionExpired } from '../api/client';
import { useMe } from '../features/auth/api';
import { ErrorState, Loading } from '../components/states';

/** Signed-in pages: no session sends the person to sign-in, and back here afterwards. */
export function RequireSession() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = location.pathname + location.search;

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        void navigate(`/sign-in?reason=expired&next=${encodeURIComponent(next)}`);
      }),
    [navigate, next, queryClient],
  );

  if (me.isPending) return <Loading label="Checking your session" />;
  if (me.error instanceof ApiError && me.error.status === 401)
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  if (me.error) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  return <Outlet />;
}
