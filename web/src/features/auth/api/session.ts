import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { LoginResponse, Me } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export type PasswordChange = { currentPassword: string; newPassword: string };

export const getMe = () => api.get<Me>('/auth/me');
export const logout = () => api.post<void>('/auth/logout');
export const changePassword = (change: PasswordChange) => api.post<LoginResponse>('/auth/password', change);

// Role and grants can change at any time (the server reads them per request); the console
// re-reads who it is on every mount of the frame rather than trusting a stale answer.
export const meQuery = () => queryOptions({ queryKey: queryKeys.auth.me(), queryFn: getMe, staleTime: 30_000 });

export const useMe = (enabled = true) => useQuery({ ...meQuery(), enabled });

export function useLogout() {
  return useMutation({ mutationFn: logout });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
