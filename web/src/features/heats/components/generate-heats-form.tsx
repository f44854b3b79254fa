// Generate a workout's heats (docs/heats.md): divisions in the order they are ticked, lanes per
// heat, seeding order, first start and the minutes between heats. Replaces existing heats.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormField, Input, Select } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import type { Division, HeatOrder } from '@/lib/api/types';
import { useGenerateHeats } from '../api/heats';
import { localToIso } from '@/lib/heat-time';

const ORDERS: { value: HeatOrder; label: string }[] = [
  { value: 'standings', label: 'Standings (leaders last)' },
  { value: 'name', label: 'Team name' },
  { value: 'random', label: 'Random' },
];

export function GenerateHeatsForm({ eventId, workoutId, divisions, existing }: {
  eventId: string;
  workoutId: string;
  divisions: Division[];
  existing: number;
}) {
  const [chosen, setChosen] = useState<string[]>(() => divisions.map((d) => d.id));
  const [lanes, setLanes] = useState('8');
  const [order, setOrder] = useState<HeatOrder>('standings');
  const [firstStart, setFirstStart] = useState('');
  const [minutes, setMinutes] = useState('15');
  const [checkedInOnly, setCheckedInOnly] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const generate = useGenerateHeats(eventId, workoutId);

  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    if (existing > 0 && !window.confirm(`Replace the ${existing} heats of this workout?`)) return;
    generate.mutate(
      { divisionIds: chosen, lanesPerHeat: Number(lanes), order, firstStart: localToIso(firstStart), minutesBetween: Number(minutes), checkedInOnly },
      {
        onSuccess: (heats) => setMessage(`${heats.length} heats generated.`),
        onError: (err) => setMessage(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Generate heats">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Divisions (run in the order ticked)</legend>
        <ul className="mt-1 space-y-1">
          {divisions.map((d) => {
            const at = chosen.indexOf(d.id);
            return (
              <li key={d.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={at >= 0} onChange={() => toggle(d.id)} />
                  {d.name}
                  {at >= 0 && <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{at + 1}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Lanes per heat" htmlFor="gen-lanes" required>
          <Input id="gen-lanes" type="number" min={1} max={50} value={lanes} onChange={(e) => setLanes(e.target.value)} />
        </FormField>
        <div className="sm:col-span-2">
          {/* The full row: "Standings (leaders last)" is never cut. */}
          <FormField label="Order" htmlFor="gen-order" required>
            <Select id="gen-order" value={order} onChange={(e) => setOrder(e.target.value as HeatOrder)}>
              {ORDERS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField label="First heat starts" htmlFor="gen-start" required>
          <Input id="gen-start" type="datetime-local" value={firstStart} onChange={(e) => setFirstStart(e.target.value)} />
        </FormField>
        <FormField label="Minutes between heats" htmlFor="gen-minutes" required>
          <Input id="gen-minutes" type="number" min={0} max={1440} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={checkedInOnly} onChange={(e) => setCheckedInOnly(e.target.checked)} />
        Only teams checked in as present (no-shows leave no empty lanes)
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={generate.isPending}>
          Generate Heats
        </Button>
        {generate.isError ? <InlineAlert message={message} /> : message && <span role="status" className="text-sm text-green-700">{message}</span>}
      </div>
    </form>
  );
}
