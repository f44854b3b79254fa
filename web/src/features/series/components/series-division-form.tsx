import { useState, type FormEvent } from "react";
import { Button } from "@/components/button";
import { FormField, Input } from "@/components/form-field";
import { ApiError } from "@/lib/api/client";
import { failureText } from "@/components/inline-alert";
import { useCreateSeriesDivision, type Series } from "../api/series";

/** A series division of its own, for mappings the events' division names do not make. */
export function SeriesDivisionForm({ series }: { series: Series }) {
  const create = useCreateSeriesDivision(series.id);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(name, {
      onSuccess: () => setName(""),
      onError: (err) =>
        setError(
          err instanceof ApiError && err.field === "name"
            ? err.message
            : failureText("Not created", err)
        ),
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 rounded-lg border border-slate-200 bg-white p-3"
    >
      <p className="mb-2 text-sm text-slate-700">
        Series divisions:{" "}
        {series.divisions.length === 0
          ? "none yet"
          : series.divisions.map((d) => d.name).join(", ")}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <FormField
            label="New series division"
            htmlFor="series-division-name"
            error={error ?? undefined}
          >
            <Input
              id="series-division-name"
              value={name}
              invalid={!!error}
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
            />
          </FormField>
        </div>
        <Button
          type="submit"
          size="sm"
          loading={create.isPending}
          className="mb-1"
        >
          Add division
        </Button>
      </div>
    </form>
  );
}
