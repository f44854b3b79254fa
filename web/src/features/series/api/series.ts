// Series in the console (docs/series.md): admins group events of a season and map their
// divisions. Every write answers the whole series, which replaces the cached one.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import type { definitions } from "@/lib/api/schema";
import { queryKeys } from "@/lib/queryKeys";

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
export type SeriesMapping = Complete<definitions["v1SeriesDivisionMapping"]>;
export type SeriesEvent = Omit<
  Complete<definitions["v1SeriesEvent"]>,
  "divisions"
> & { divisions: SeriesMapping[] };
export type SeriesDivision = Complete<definitions["v1SeriesDivision"]>;
export type Series = Omit<
  Complete<definitions["v1Series"]>,
  "events" | "divisions"
> & { events: SeriesEvent[]; divisions: SeriesDivision[] };
export type SeriesFields = Pick<
  Series,
  | "name"
  | "season"
  | "description"
  | "scoringTable"
  | "bestN"
  | "published"
  | "ranking"
>;

export const seriesListQuery = () =>
  queryOptions({
    queryKey: queryKeys.series.list(),
    queryFn: () => api.get<Series[]>("/series"),
  });
export const seriesQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.series.detail(id),
    queryFn: () => api.get<Series>(`/series/${id}`),
  });

export const useSeriesList = () => useQuery(seriesListQuery());
export const useSeries = (id: string) => useQuery(seriesQuery(id));

/**
 * A write that answers the series: the detail takes the answer, the list and the series'
 * activity refetch.
 */
function useSeriesWrite<V>(write: (v: V) => Promise<Series>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (s) => {
      client.setQueryData(queryKeys.series.detail(s.id), s);
      void client.invalidateQueries({ queryKey: queryKeys.series.list() });
      void client.invalidateQueries({
        queryKey: queryKeys.series.activity(s.id),
      });
    },
  });
}

// A series' activity (docs/series.md, "What changed"), newest first, a page at a time.
export type SeriesActivityEntry = Complete<
  definitions["v1SeriesActivityEntry"]
>;
type SeriesActivityPage = {
  entries: SeriesActivityEntry[];
  nextBefore: string;
};
export const seriesActivityQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.series.activity(id),
    queryFn: ({ pageParam }) =>
      api.get<SeriesActivityPage>(`/series/${id}/activity`, {
        before: pageParam,
        limit: 50,
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextBefore || undefined,
    staleTime: 0,
  });
export const useSeriesActivity = (id: string) =>
  useInfiniteQuery(seriesActivityQuery(id));

export const useCreateSeries = () =>
  useSeriesWrite((f: SeriesFields) => api.post<Series>("/series", f));
export const useUpdateSeries = (id: string) =>
  useSeriesWrite((f: SeriesFields) => api.put<Series>(`/series/${id}`, f));
export const useAddSeriesEvent = (id: string) =>
  useSeriesWrite((eventId: string) =>
    api.post<Series>(`/series/${id}/events`, { eventId })
  );
export const useRemoveSeriesEvent = (id: string) =>
  useSeriesWrite((eventId: string) =>
    api.delete<Series>(`/series/${id}/events/${eventId}`)
  );
export const useMapSeriesDivisions = (id: string) =>
  useSeriesWrite(
    ({ eventId, divisions }: { eventId: string; divisions: SeriesMapping[] }) =>
      api.put<Series>(`/series/${id}/events/${eventId}/divisions`, {
        divisions,
      })
  );
export const useCreateSeriesDivision = (id: string) =>
  useSeriesWrite((name: string) =>
    api.post<Series>(`/series/${id}/divisions`, { name })
  );

// Who manages a series besides the admins (docs/series.md, "Who manages a series"): admins only.
export type SeriesAccess = Complete<definitions["v1SeriesAccess"]>;
export const useSeriesAccess = (id: string) =>
  useQuery({
    queryKey: queryKeys.series.access(id),
    queryFn: () => api.get<SeriesAccess[]>(`/series/${id}/access`),
  });

function useSeriesAccessWrite(
  id: string,
  write: (userId: string) => Promise<unknown>
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: queryKeys.series.access(id) }),
  });
}

export const useGrantSeriesAccess = (id: string) =>
  useSeriesAccessWrite(id, (userId) =>
    api.put(`/series/${id}/access/${userId}`, {})
  );
export const useRevokeSeriesAccess = (id: string) =>
  useSeriesAccessWrite(id, (userId) =>
    api.delete(`/series/${id}/access/${userId}`)
  );
