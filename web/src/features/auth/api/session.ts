import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { LoginResponse } from '@/lib/api/types';

export type PasswordChange = { currentPassword: string; newPassword: string };

export const logout = () => api.post<void>('/auth/logout');
export const changePassword = (change: PasswordChange) => api.post<LoginResponse>('/auth/password', change);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
