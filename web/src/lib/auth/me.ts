// Who the signed-in user is (role, id), as the server answers it: the console frame, the
// access feature and the account page all read it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Me } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const getMe = () => api.get<Me>('/auth/me');

// Role and grants can change at any time (the server reads them per request); the console
// re-reads who it is on every mount of the frame rather than trusting a stale answer.
export const meQuery = () => queryOptions({ queryKey: queryKeys.auth.me(), queryFn: getMe, staleTime: 30_000 });

export const useMe = (enabled = true) => useQuery({ ...meQuery(), enabled });
