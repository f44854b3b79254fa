// Generate a workout's heats (docs/heats.md): divisions in the order they are ticked, lanes per
// heat, seeding order, first start and the minutes between heats. Replaces existing heats.
import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormField, Input, Select } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import type { Division, HeatOrder } from '@/lib/api/types';
import { useGenerateHeats } from '../api/heats';
import { localToIso } from '@/lib/heat-time';

// Keys written out whole for the catalogue test (docs/architecture.md, "Languages").
const ORDERS: { value: HeatOrder; label: string }[] = [
  { value: 'standings', label: 'console:heats.orderStandings' },
  { value: 'name', label: 'console:heats.orderName' },
  { value: 'random', label: 'console:heats.orderRandom' },
];

export function GenerateHeatsForm({ eventId, workoutId, divisions, existing }: {
  eventId: string;
  workoutId: string;
  divisions: Division[];
  existing: number;
}) {
  const { t } = useTranslation('console');
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
    if (existing > 0 && !window.confirm(t('heats.replace', { count: existing }))) return;
    generate.mutate(
      { divisionIds: chosen, lanesPerHeat: Number(lanes), order, firstStart: localToIso(firstStart), minutesBetween: Number(minutes), checkedInOnly },
      {
        onSuccess: (heats) => setMessage(t('heats.generated', { count: heats.length })),
        onError: (err) => setMessage(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={t('heats.generateLabel')}>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('heats.divisions')}</legend>
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
        <FormField label={t('heats.lanesPerHeat')} htmlFor="gen-lanes" required>
          <Input id="gen-lanes" type="number" min={1} max={50} value={lanes} onChange={(e) => setLanes(e.target.value)} />
        </FormField>
        <div className="sm:col-span-2">
          {/* The full row: "Standings (leaders last)" is never cut. */}
          <FormField label={t('heats.order')} htmlFor="gen-order" required>
            <Select id="gen-order" value={order} onChange={(e) => setOrder(e.target.value as HeatOrder)}>
              {ORDERS.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField label={t('heats.firstStart')} htmlFor="gen-start" required>
          <Input id="gen-start" type="datetime-local" value={firstStart} onChange={(e) => setFirstStart(e.target.value)} />
        </FormField>
        <FormField label={t('heats.minutesBetween')} htmlFor="gen-minutes" required>
          <Input id="gen-minutes" type="number" min={0} max={1440} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={checkedInOnly} onChange={(e) => setCheckedInOnly(e.target.checked)} />
        {t('heats.checkedInOnly')}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={generate.isPending}>
          {t('heats.generateButton')}
        </Button>
        {generate.isError ? <InlineAlert message={message} /> : message && <span role="status" className="text-sm text-green-700">{message}</span>}
      </div>
    </form>
  );
}
