// My heats (docs/competition-day.md): the signed-in athlete's heats, their own only (the
// session names them), with the current and the planned start.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { athleteApi } from '@/lib/api/client';
import type { MyHeat } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export type MyHeats = { heats: MyHeat[]; reminders: boolean };

export const myHeatsQuery = () =>
  queryOptions({
    queryKey: queryKeys.registration.myHeats(),
    queryFn: async (): Promise<MyHeats> => {
      const r = await athleteApi.get<{ heats?: MyHeat[]; reminders?: boolean }>('/calendar/mine/heats');
      return { heats: r.heats ?? [], reminders: r.reminders ?? false };
    },
  });

export const useMyHeats = () => useQuery(myHeatsQuery());

/** The athlete's choice of reminder mails before each heat (docs/competition-day.md, "Reminders"). */
export function useSetHeatReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => athleteApi.put<{ on?: boolean }>('/calendar/mine/reminders', { on }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.registration.myHeats() }),
  });
}
