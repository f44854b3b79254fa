// The judges' review of online submissions (docs/qualifiers.md): a workout's queue and the
// review actions, with the console's session.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import type { PenaltyKind } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';
import type { Submission } from './submissions';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type ReviewAction = Complete<definitions['v1ReviewAction']>;
export type ReviewedSubmission = Omit<Complete<definitions['v1ReviewedSubmission']>, 'submission' | 'history'> & {
  submission: Submission;
  history: ReviewAction[];
};
export type SubmissionQueue = Omit<Complete<definitions['v1SubmissionQueue']>, 'submissions'> & { submissions: ReviewedSubmission[] };
export type ReviewInput = {
  action: 'accept' | 'adjust' | 'reject' | 'penalty' | 'note';
  reason: string;
  internalNote: string;
  status?: string;
  resultValue?: number | null;
  cappedReps?: number | null;
  /** penalty: its kind and amount; its reason is `reason`. */
  penalty?: { kind: PenaltyKind; amount: number };
};

export const reviewQueries = {
  queue: (eventId: string, workoutId: string, state: string) =>
    queryOptions({
      queryKey: queryKeys.qualifiers.queue(eventId, workoutId, state),
      queryFn: () => api.get<SubmissionQueue>(`/events/${eventId}/workouts/${workoutId}/submissions`, state ? { reviewState: state } : undefined),
    }),
};

export const useSubmissionQueue = (eventId: string, workoutId: string, state: string) =>
  useQuery({ ...reviewQueries.queue(eventId, workoutId, state), enabled: !!eventId && !!workoutId });

export function useReviewSubmission(workoutId: string, teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => api.post<ReviewedSubmission>(`/submissions/workouts/${workoutId}/teams/${teamId}/review`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.qualifiers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.results.all }),
      ]),
  });
}
