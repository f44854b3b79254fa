import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { LoginResponse } from '@/lib/api/types';

export type Credentials = { username: string; password: string };

export const login = (credentials: Credentials) => api.post<LoginResponse>('/auth/login', credentials);

export function useLogin() {
  return useMutation({ mutationFn: login });
}
