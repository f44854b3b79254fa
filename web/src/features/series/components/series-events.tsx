import { useState } from "react";
import { Button } from "@/components/button";
import { Select } from "@/components/form-field";
import { InlineAlert, failureText } from "@/components/inline-alert";
import type { Event } from "@/lib/api/types";
import {
  useAddSeriesEvent,
  useMapSeriesDivisions,
  useRemoveSeriesEvent,
  type Series,
  type SeriesEvent,
} from "../api/series";

/** One event of the series: each of its divisions and the series division it counts for. */
function EventMapping({
  series,
  event,
}: {
  series: Series;
  event: SeriesEvent;
}) {
  const map = useMapSeriesDivisions(series.id);
  const remove = useRemoveSeriesEvent(series.id);
  const [failure, setFailure] = useState<string | null>(null);
  const choose = (divisionId: string, seriesDivisionId: string) => {
    const divisions = event.divisions.map((d) =>
      d.divisionId === divisionId ? { ...d, seriesDivisionId } : d
    );
    setFailure(null);
    map.mutate(
      { eventId: event.eventId, divisions },
      { onError: (e) => setFailure(failureText("Mapping not saved", e)) }
    );
  };
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          {event.eventName}{" "}
          <span className="text-sm font-normal text-slate-500">
            {event.dateFrom}
          </span>
        </p>
        <Button
          variant="secondary"
          size="sm"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(event.eventId, {
              onError: (e) => setFailure(failureText("Not removed", e)),
            })
          }
        >
          Remove from series
        </Button>
      </div>
      {event.divisions.length === 0 && (
        <p className="text-sm text-slate-500">This event has no divisions.</p>
      )}
      <ul className="space-y-1">
        {event.divisions.map((d) => (
          <li
            key={d.divisionId}
            className="flex flex-wrap items-center gap-2 text-sm"
          >
            <label
              htmlFor={`map-${d.divisionId}`}
              className="w-40 text-slate-700"
            >
              {d.divisionName} counts for
            </label>
            <Select
              id={`map-${d.divisionId}`}
              className="w-auto"
              value={d.seriesDivisionId}
              disabled={map.isPending}
              onChange={(e) => choose(d.divisionId, e.target.value)}
            >
              <option value="">— not counted —</option>
              {series.divisions.map((sd) => (
                <option key={sd.id} value={sd.id}>
                  {sd.name}
                </option>
              ))}
            </Select>
          </li>
        ))}
      </ul>
      <InlineAlert message={failure} onDismiss={() => setFailure(null)} />
    </li>
  );
}

/** The series' events in season order, with a picker that adds any other event. */
export function SeriesEvents({
  series,
  events,
}: {
  series: Series;
  events: Event[];
}) {
  const add = useAddSeriesEvent(series.id);
  const [pick, setPick] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const inSeries = new Set(series.events.map((e) => e.eventId));
  const candidates = events.filter((e) => !inSeries.has(e.id));
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <label
          htmlFor="add-event"
          className="text-sm font-medium text-slate-700"
        >
          Add an event
        </label>
        <Select
          id="add-event"
          className="w-auto"
          value={pick}
          onChange={(e) => setPick(e.target.value)}
        >
          <option value="">Choose an event…</option>
          {candidates.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name} ({e.dateFrom})
            </option>
          ))}
        </Select>
        <Button
          size="sm"
          disabled={!pick}
          loading={add.isPending}
          onClick={() => {
            setFailure(null);
            add.mutate(pick, {
              onSuccess: () => setPick(""),
              onError: (e) => setFailure(failureText("Event not added", e)),
            });
          }}
        >
          Add
        </Button>
        <InlineAlert message={failure} onDismiss={() => setFailure(null)} />
      </div>
      {series.events.length === 0 ? (
        <p className="text-sm text-slate-500">
          No events yet. Divisions map to the series by name when an event is
          added.
        </p>
      ) : (
        <ol className="space-y-3">
          {series.events.map((e) => (
            <EventMapping key={e.eventId} series={series} event={e} />
          ))}
        </ol>
      )}
    </div>
  );
}
