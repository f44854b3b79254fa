// The scoring card's calls: a preview (results-svc, reads only) and the save (competition-svc,
// which has results-svc rescore every stored result before it answers).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Event, ScoringPreview, ScoringSettings } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const previewScoring = (eventId: string, settings: ScoringSettings) =>
  api.post<ScoringPreview>(`/events/${eventId}/scoring/preview`, settings);

export const saveScoring = (eventId: string, settings: ScoringSettings) => api.put<Event>(`/events/${eventId}/scoring`, settings);

export function usePreviewScoring(eventId: string) {
  return useMutation({ mutationFn: (settings: ScoringSettings) => previewScoring(eventId, settings) });
}

export function useSaveScoring(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ScoringSettings) => saveScoring(eventId, settings),
    onSuccess: async () => {
      // Every stored place and point may have moved.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workouts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.results.all }),
      ]);
    },
  });
}
