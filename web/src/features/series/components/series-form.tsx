import { useState, type FormEvent } from "react";
import { Button } from "@/components/button";
import { FormField, Input, Select, Textarea } from "@/components/form-field";
import { InlineAlert, failureText } from "@/components/inline-alert";
import { ApiError } from "@/lib/api/client";
import { clearDraft, loadDraft, saveDraft } from "@/lib/unsaved/draft-store";
import type { SeriesFields } from "../api/series";

const TABLES = [
  { value: "podium100", label: "Podium 100 (100, 95, 90 …)" },
  { value: "games2012", label: "Games 2012" },
  { value: "ranksum", label: "Rank sum (fewest wins)" },
];

export const EMPTY_SERIES: SeriesFields = {
  name: "",
  season: "",
  description: "",
  scoringTable: "podium100",
  bestN: 0,
  published: false,
  ranking: "team",
};

const RANKINGS = [
  { value: "team", label: "By team (a team's name across events)" },
  {
    value: "athlete",
    label: "By athlete (each athlete account, across partner changes)",
  },
];

/**
 * A series' fields. Typed values are kept as a draft (sessionStorage) until saved, so a failed
 * save, a reload or a sign-in on the way keep them; a refused save names its field.
 */
export function SeriesForm({
  draftKey,
  initial,
  submitLabel,
  onSubmit,
}: {
  draftKey: string;
  initial: SeriesFields;
  submitLabel: string;
  onSubmit: (f: SeriesFields) => Promise<unknown>;
}) {
  const [fields, setFields] = useState<SeriesFields>(
    () => loadDraft<SeriesFields>(draftKey) ?? initial
  );
  const [error, setError] = useState<{
    field: string | null;
    message: string;
  } | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof SeriesFields>(k: K, v: SeriesFields[K]) => {
    const next = { ...fields, [k]: v };
    setFields(next);
    saveDraft(draftKey, next);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSubmit(fields);
      clearDraft(draftKey);
    } catch (err) {
      setError({
        field: err instanceof ApiError ? err.field : null,
        message: failureText("Save failed", err),
      });
    } finally {
      setSaving(false);
    }
  };
  const fieldError = (f: string) =>
    error?.field === f ? error.message : undefined;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
      aria-label="Series"
    >
      <FormField
        label="Name"
        htmlFor="series-name"
        required
        error={fieldError("name")}
      >
        <Input
          id="series-name"
          value={fields.name}
          onChange={(e) => set("name", e.target.value)}
          invalid={!!fieldError("name")}
        />
      </FormField>
      <FormField
        label="Season"
        htmlFor="series-season"
        error={fieldError("season")}
        help="e.g. 2026"
      >
        <Input
          id="series-season"
          value={fields.season}
          onChange={(e) => set("season", e.target.value)}
          invalid={!!fieldError("season")}
        />
      </FormField>
      <FormField
        label="Points table"
        htmlFor="series-table"
        error={fieldError("scoringTable")}
      >
        <Select
          id="series-table"
          value={fields.scoringTable}
          onChange={(e) => set("scoringTable", e.target.value)}
        >
          {TABLES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="Ranking"
        htmlFor="series-ranking"
        error={fieldError("ranking")}
        help={
          fields.ranking === "athlete"
            ? "Teams entered by hand, without athlete accounts, are listed as not ranked."
            : undefined
        }
      >
        <Select
          id="series-ranking"
          value={fields.ranking || "team"}
          onChange={(e) => set("ranking", e.target.value)}
        >
          {RANKINGS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="Events that count (best N)"
        htmlFor="series-best"
        error={fieldError("bestN")}
        help="0: every event counts"
      >
        <Input
          id="series-best"
          type="number"
          min={0}
          max={100}
          value={fields.bestN}
          onChange={(e) => set("bestN", Number(e.target.value))}
          invalid={!!fieldError("bestN")}
        />
      </FormField>
      <FormField
        label="Description"
        htmlFor="series-description"
        error={fieldError("description")}
      >
        <Textarea
          id="series-description"
          rows={3}
          value={fields.description}
          onChange={(e) => set("description", e.target.value)}
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={fields.published}
          onChange={(e) => set("published", e.target.checked)}
        />{" "}
        Published (shown on the public site)
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
        {error && !error.field && (
          <InlineAlert
            message={error.message}
            onDismiss={() => setError(null)}
          />
        )}
      </div>
    </form>
  );
}
