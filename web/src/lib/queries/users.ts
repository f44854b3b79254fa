// The user list, read by the users page and by the access card's user picker. Writes stay in
// features/users/api/users.ts and invalidate it by the prefix queryKeys.users.all.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { User } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const getUsers = () => api.get<User[]>('/users');

export const usersQuery = () => queryOptions({ queryKey: queryKeys.users.list(), queryFn: getUsers });

export const useUsers = (enabled = true) => useQuery({ ...usersQuery(), enabled });
