import { useState, type FormEvent } from "react";
import { Button } from "@/components/button";
import { Card } from "@/components/card";
import { FormField, Input, Select } from "@/components/form-field";
import { failureText, InlineAlert } from "@/components/inline-alert";
import { useEvents } from "@/lib/queries/events";
import { useSetFinalLink, type FinalInvitations } from "../api/finals";

/** Which in-person event the qualifier sends its best teams to; divisions pair by name. */
export function FinalLinkCard({
  eventId,
  page,
}: {
  eventId: string;
  page: FinalInvitations;
}) {
  const events = useEvents();
  const save = useSetFinalLink(eventId);
  const [finalEventId, setFinalEventId] = useState(page.finalEventId);
  const [days, setDays] = useState(String(page.acceptDays || 7));
  const finals = (events.data ?? []).filter(
    (e) => e.id !== eventId && e.format !== "online"
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ finalEventId, acceptDays: Number(days) });
  };
  return (
    <Card title="The final">
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
      >
        <FormField label="Final (in-person event)" htmlFor="final-event">
          <Select
            id="final-event"
            value={finalEventId}
            onChange={(e) => setFinalEventId(e.target.value)}
          >
            <option value="">Choose the final…</option>
            {finals.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Days to accept" htmlFor="accept-days">
          <Input
            id="accept-days"
            type="number"
            min={1}
            max={60}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </FormField>
        <Button type="submit" loading={save.isPending} disabled={!finalEventId}>
          {page.finalEventId ? "Save link" : "Link the final"}
        </Button>
      </form>
      <p className="mt-2 text-xs text-slate-500">
        Divisions of the same name are paired; an invitation reserves a place in
        the final&apos;s division.
      </p>
      <div className="mt-2">
        <InlineAlert
          message={save.error ? failureText("Link failed", save.error) : null}
          onDismiss={() => save.reset()}
        />
      </div>
    </Card>
  );
}
