// Online qualifiers (docs/qualifiers.md): the athlete's released workouts of an event and the
// team's submissions. The athlete's calls carry the athlete's session (athleteApi).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { athleteApi } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { queryKeys } from '@/lib/queryKeys';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type Submission = Complete<definitions['v1Submission']>;
export type SubmissionWorkout = Omit<Complete<definitions['v1SubmissionWorkout']>, 'submission'> & { submission?: Submission };
export type MySubmissions = Omit<Complete<definitions['v1MySubmissions']>, 'workouts'> & { workouts: SubmissionWorkout[] };
export type SubmitInput = {
  status: string;
  resultValue: number | null;
  cappedReps: number | null;
  tiebreakValue: number | null;
  videoUrl: string;
};

export const submissionQueries = {
  mine: (eventId: string) =>
    queryOptions({
      queryKey: queryKeys.qualifiers.mine(eventId),
      queryFn: () => athleteApi.get<MySubmissions>(`/submissions/events/${eventId}/mine`),
    }),
};

export const useMySubmissions = (eventId: string) => useQuery({ ...submissionQueries.mine(eventId), enabled: !!eventId });

export function useSubmitScore(eventId: string, workoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput) => athleteApi.put<Submission>(`/submissions/workouts/${workoutId}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.qualifiers.mine(eventId) }),
  });
}
