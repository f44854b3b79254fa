import { useState } from "react";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { Select } from "@/components/form-field";
import { InlineAlert, failureText } from "@/components/inline-alert";
import type { User } from "@/lib/api/types";
import {
  useGrantSeriesAccess,
  useRevokeSeriesAccess,
  useSeriesAccess,
} from "../api/series";

/** Admins only: the organisers who manage this series (its settings, events and mapping). */
export function SeriesAccessCard({
  seriesId,
  users,
}: {
  seriesId: string;
  users: User[];
}) {
  const access = useSeriesAccess(seriesId);
  const grant = useGrantSeriesAccess(seriesId);
  const revoke = useRevokeSeriesAccess(seriesId);
  const [chosen, setChosen] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  if (access.isError)
    return (
      <ErrorPanel
        title="Failed to load who manages the series"
        error={access.error}
        onRetry={() => void access.refetch()}
      />
    );
  const granted = new Set((access.data ?? []).map((a) => a.userId));
  const organisers = users.filter(
    (u) => u.role === "organiser" && !granted.has(u.id)
  );
  return (
    <section
      aria-labelledby="series-access"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="series-access" className="mb-1 text-lg font-semibold">
        Organisers of this series
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        They manage this series (its events they run and the division mapping),
        and no other.
      </p>
      <ul className="mb-3 space-y-1 text-sm">
        {(access.data ?? []).map((a) => (
          <li
            key={a.userId}
            className="flex items-center justify-between gap-2"
          >
            <span>{a.username}</span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                revoke.mutate(a.userId, {
                  onError: (e) => setFailure(failureText("Not removed", e)),
                })
              }
            >
              Remove
            </Button>
          </li>
        ))}
        {access.data?.length === 0 && (
          <li className="text-slate-500">Only admins manage this series.</li>
        )}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="series-grant" className="text-sm text-slate-700">
          Organiser
        </label>
        <Select
          id="series-grant"
          className="w-auto"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
        >
          <option value="">Choose an organiser</option>
          {organisers.map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
            </option>
          ))}
        </Select>
        <Button
          size="sm"
          disabled={!chosen}
          loading={grant.isPending}
          onClick={() =>
            grant.mutate(chosen, {
              onSuccess: () => setChosen(""),
              onError: (e) => setFailure(failureText("Not granted", e)),
            })
          }
        >
          Grant
        </Button>
      </div>
      <InlineAlert message={failure} onDismiss={() => setFailure(null)} />
    </section>
  );
}
