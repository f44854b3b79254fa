import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { localToIso } from '@/lib/heat-time';
import { useAssignShift, useCreateShift, useDeleteShift, useUnassignShift, type Shift, type VolunteerList } from '../api/organiser';
import { ROLE_LABEL, ROLES, windowText } from '../rules/crew';

function NewShiftForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const create = useCreateShift(eventId);
  const [role, setRole] = useState<string>('judge');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [needed, setNeeded] = useState('1');
  const fieldError = (f: string) => (create.error instanceof ApiError && create.error.field === f ? create.error.message : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // What was typed stays for another try; only a created shift clears the times.
    create.mutate(
      { role, startsAt: localToIso(start) || start, endsAt: localToIso(end) || end, needed: Number(needed) },
      { onSuccess: () => (setStart(''), setEnd('')) },
    );
  };
  const other = create.error && !(create.error instanceof ApiError && ['role', 'startsAt', 'endsAt', 'needed'].includes(create.error.field ?? ''));
  return (
    <form onSubmit={submit} className="grid gap-3 border-b border-slate-100 pb-4 sm:grid-cols-[1fr_1fr_1fr_6rem_auto] sm:items-end" noValidate>
      <FormField label={t('crew.shifts.role')} htmlFor="shift-role" error={fieldError('role')}>
        <Select id="shift-role" value={role} onChange={(e) => setRole(e.target.value)} className="min-h-11">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(ROLE_LABEL[r])}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t('crew.shifts.start')} htmlFor="shift-start" error={fieldError('startsAt')}>
        <Input id="shift-start" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} className="min-h-11" />
      </FormField>
      <FormField label={t('crew.shifts.end')} htmlFor="shift-end" error={fieldError('endsAt')}>
        <Input id="shift-end" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} className="min-h-11" />
      </FormField>
      <FormField label={t('crew.shifts.needed')} htmlFor="shift-needed" error={fieldError('needed')}>
        <Input id="shift-needed" type="number" min={1} max={500} value={needed} onChange={(e) => setNeeded(e.target.value)} className="min-h-11" />
      </FormField>
      <Button type="submit" loading={create.isPending} className="min-h-11">
        {t('crew.shifts.add')}
      </Button>
      {other && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-5">
          {t('crew.failed', { message: errorMessage(create.error) })}
        </p>
      )}
    </form>
  );
}

function ShiftRow({ eventId, shift, list }: { eventId: string; shift: Shift; list: VolunteerList }) {
  const { t } = useTranslation('console');
  const assign = useAssignShift(eventId);
  const unassign = useUnassignShift(eventId);
  const remove = useDeleteShift(eventId);
  const [pick, setPick] = useState('');
  const on = new Set(shift.volunteers.map((v) => v.volunteerId));
  // A head judge may work a judge shift (docs/crew.md, "Shifts").
  const offers = (roles: string[]) => roles.includes(shift.role) || (shift.role === 'judge' && roles.includes('head_judge'));
  const candidates = list.volunteers.filter((v) => !on.has(v.id) && offers(v.roles));
  const full = shift.volunteers.length >= shift.needed;
  const error = assign.error ?? unassign.error ?? remove.error;
  return (
    <li className="py-3" data-testid="crew-shift">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-medium text-slate-900">{shift.roleLabel}</span> <span className="text-slate-600">{windowText(shift.startsAt, shift.endsAt)}</span>
        </p>
        <span className={full ? 'text-sm text-green-700' : 'text-sm font-medium text-red-700'}>
          {t('crew.shifts.filled', { taken: shift.volunteers.length, needed: shift.needed })}
        </span>
      </div>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {shift.volunteers.map((v) => (
          <li key={v.volunteerId} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-2 text-sm">
            {v.name}
            <span className={v.confirmed ? 'text-green-700' : 'text-amber-700'}>{v.confirmed ? `✓ ${t('crew.shifts.confirmed')}` : t('crew.shifts.waiting')}</span>
            <button
              type="button"
              className="min-h-8 rounded-full px-2 text-slate-500 hover:bg-slate-200"
              aria-label={t('crew.shifts.unassign', { name: v.name })}
              onClick={() => unassign.mutate({ shiftId: shift.id, volunteerId: v.volunteerId })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Select aria-label={t('crew.shifts.pick')} value={pick} onChange={(e) => setPick(e.target.value)} className="min-h-11 w-auto">
          <option value="">{t('crew.shifts.pick')}</option>
          {candidates.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={!pick}
          loading={assign.isPending}
          onClick={() => assign.mutate({ shiftId: shift.id, volunteerId: pick }, { onSuccess: () => setPick('') })}
        >
          {t('crew.shifts.assign')}
        </Button>
        <Button variant="ghost" className="min-h-11 text-red-700" loading={remove.isPending} onClick={() => remove.mutate(shift.id)}>
          {t('crew.shifts.delete')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('crew.failed', { message: errorMessage(error) })}
        </p>
      )}
    </li>
  );
}

/** The organiser's shifts: a role for a time window with the number needed, and who works it. */
export function ShiftsCard({ eventId, shifts, list }: { eventId: string; shifts: Shift[]; list: VolunteerList }) {
  const { t } = useTranslation('console');
  return (
    <Card title={t('crew.shifts.title')}>
      <NewShiftForm eventId={eventId} />
      {shifts.length === 0 ? (
        <p className="pt-3 text-sm text-slate-600">{t('crew.shifts.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {shifts.map((s) => (
            <ShiftRow key={s.id} eventId={eventId} shift={s} list={list} />
          ))}
        </ul>
      )}
    </Card>
  );
}
