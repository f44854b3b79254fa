// Messages to a group (docs/competition-day.md, "Messages"): the organiser's sending and list
// (console session), the athlete's own messages of an event, their banner (athlete session).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, athleteApi } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import type { Heat } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type MessageRecipient = Complete<definitions['v1MessageRecipient']>;
export type Message = Omit<Complete<definitions['v1Message']>, 'recipients'> & { recipients: MessageRecipient[] };
export type Audience = 'all' | 'division' | 'heat' | 'judges' | 'waiver_missing' | 'payment_missing';
export type SendInput = { audience: Audience; divisionId?: string; heatId?: string; subject: string; body: string };

export const messageKeys = {
  all: ['messages'] as const,
  event: (eventId: string) => [...messageKeys.all, 'event', eventId] as const,
  mine: (eventId: string) => [...messageKeys.all, 'mine', eventId] as const,
};

export const messageQueries = {
  event: (eventId: string) =>
    queryOptions({
      queryKey: messageKeys.event(eventId),
      queryFn: async () => (await api.get<{ messages?: Message[] }>(`/events/${eventId}/messages`)).messages ?? [],
    }),
  mine: (eventId: string) =>
    queryOptions({
      queryKey: messageKeys.mine(eventId),
      queryFn: async () => (await athleteApi.get<{ messages?: Message[] }>(`/messages/mine/${eventId}`)).messages ?? [],
    }),
};

export const useEventMessages = (eventId: string) => useQuery({ ...messageQueries.event(eventId), enabled: !!eventId });
export const useMyMessages = (eventId: string) => useQuery({ ...messageQueries.mine(eventId), enabled: !!eventId });

export function useSendMessage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInput) => api.post<Message>(`/events/${eventId}/messages`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.event(eventId) }),
  });
}

/** A workout's heats for the heat picker, under the heats' own key (docs/heats.md). */
export const useWorkoutHeats = (eventId: string, workoutId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.heats.byWorkout(eventId, workoutId),
    queryFn: () => api.get<Heat[]>(`/events/${eventId}/workouts/${workoutId}/heats`),
    enabled: enabled && Boolean(eventId && workoutId),
  });
