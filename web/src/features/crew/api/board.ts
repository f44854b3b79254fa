// The day-of board's calls (docs/crew.md, "The day-of board"): polled, so check-ins, late
// judges and gaps show without a reload; a check-in or a move answers the board anew.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { crewKeys } from './keys';
import type { RotationSlot } from './volunteer';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type BoardJudge = Complete<definitions['v1CrewBoardJudge']>;
export type CrewBoard = { eventId: string; now: string; withinMinutes: number; gaps: number; judges: BoardJudge[]; slots: RotationSlot[] };

/** How often the board asks again: a judge checked in at the door shows within this. */
export const boardPollMs = 10_000;

const base = (eventId: string) => `/events/${eventId}/crew/board`;

export const useCrewBoard = (eventId: string, withinMinutes: number) =>
  useQuery({
    queryKey: crewKeys.board(eventId, withinMinutes),
    queryFn: () => api.get<CrewBoard>(`${base(eventId)}?withinMinutes=${withinMinutes}`),
    enabled: !!eventId,
    refetchInterval: boardPollMs,
  });

function useBoardMutation<A>(eventId: string, call: (a: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: crewKeys.event(eventId) }) });
}

export const useCheckInCrew = (eventId: string) =>
  useBoardMutation(eventId, ({ volunteerId, checkedIn }: { volunteerId: string; checkedIn: boolean }) =>
    api.put(`${base(eventId)}/volunteers/${volunteerId}/check-in`, { checkedIn }),
  );

export const useMoveStandby = (eventId: string) =>
  useBoardMutation(eventId, ({ heatId, lane, volunteerId }: { heatId: string; lane: number; volunteerId: string }) =>
    api.put(`${base(eventId)}/heats/${heatId}/lanes/${lane}`, { volunteerId }),
  );
