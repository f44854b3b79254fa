// My heats (docs/competition-day.md): the signed-in athlete's heats, their own only (the
// session names them), with the current and the planned start.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { athleteApi } from '@/lib/api/client';
import type { MyHeat } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const myHeatsQuery = () =>
  queryOptions({
    queryKey: queryKeys.registration.myHeats(),
    queryFn: async () => (await athleteApi.get<{ heats?: MyHeat[] }>('/calendar/mine/heats')).heats ?? [],
  });

export const useMyHeats = () => useQuery(myHeatsQuery());
