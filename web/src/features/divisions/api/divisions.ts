import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Division, DivisionInput } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const getEventDivisions = (eventId: string) => api.get<Division[]>(`/divisions/events/${eventId}/divisions`);
export const getDivision = (id: string) => api.get<Division>(`/divisions/${id}`);
export const createDivision = (input: DivisionInput) => api.post<Division>('/divisions', input);
export const updateDivision = (id: string, input: Pick<DivisionInput, 'name' | 'description' | 'roster'>) =>
  api.put<Division>(`/divisions/${id}`, input);
export const deleteDivision = (id: string) => api.delete(`/divisions/${id}`);

export const eventDivisionsQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.divisions.byEvent(eventId), queryFn: () => getEventDivisions(eventId) });
export const divisionQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.divisions.detail(id), queryFn: () => getDivision(id) });

export const useEventDivisions = (eventId: string) => useQuery(eventDivisionsQuery(eventId));
export const useDivision = (id: string) => useQuery(divisionQuery(id));

function useInvalidateDivisions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.divisions.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.results.all }),
    ]);
}

export function useCreateDivision() {
  const invalidate = useInvalidateDivisions();
  return useMutation({ mutationFn: createDivision, onSuccess: invalidate });
}

export function useUpdateDivision(id: string) {
  const invalidate = useInvalidateDivisions();
  return useMutation({
    mutationFn: (input: Pick<DivisionInput, 'name' | 'description' | 'roster'>) => updateDivision(id, input),
    onSuccess: invalidate,
  });
}

export function useDeleteDivision() {
  const invalidate = useInvalidateDivisions();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDivision,
    onSuccess: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: queryKeys.teams.all })]),
  });
}
