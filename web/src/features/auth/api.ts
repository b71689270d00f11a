import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { components } from '../../../../client/schema';
import { api, unwrap } from '../../api/client';
import { roleAtLeast } from '../../components/roles';

export type User = components['schemas']['UserResponse'];
export type RegisterBody = components['schemas']['RegisterDto'];
export type LoginBody = components['schemas']['LoginDto'];

export const meKey = ['me'] as const;

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: () => unwrap(api.GET('/api/auth/me')), staleTime: 60_000 });
}

/** Whether the sign-in page offers single sign-on (the server's OIDC_ISSUER). */
export function useSsoAvailability() {
  return useQuery({
    queryKey: ['sso-availability'],
    queryFn: () => unwrap(api.GET('/api/auth/oidc')),
    staleTime: Infinity,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => unwrap(api.POST('/api/auth/login', { body })),
    onSuccess: (user) => queryClient.setQueryData(meKey, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => unwrap(api.POST('/api/auth/register', { body })),
    onSuccess: (user) => queryClient.setQueryData(meKey, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/logout')),
    onSettled: () => {
      queryClient.clear();
      void navigate('/sign-in');
    },
  });
}

/** Whether the signed-in person may change things (Member and above); Viewers only look. */
export function useCanWrite(): boolean {
  return roleAtLeast(useMe().data?.role, 'Member');
}
