// The user writes; the user list itself is read through lib/queries/users.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { NewUser, Role, User } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export type UserUpdate = { role: Role; disabled: boolean };

export const createUser = (input: NewUser) => api.post<User>('/users', input);
export const updateUser = (id: string, update: UserUpdate) => api.put<User>(`/users/${id}`, update);
export const setUserPassword = (id: string, password: string) => api.post<void>(`/users/${id}/password`, { password });

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser, onSuccess: useInvalidateUsers() });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: ({ id, ...update }: UserUpdate & { id: string }) => updateUser(id, update), onSuccess: useInvalidateUsers() });
}

export function useSetUserPassword() {
  return useMutation({ mutationFn: ({ id, password }: { id: string; password: string }) => setUserPassword(id, password) });
}
