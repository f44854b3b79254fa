// A team's roster in the console's registrations (docs/rosters.md, "Registration by size"):
// what the organiser does at the desk under time pressure, whatever the roster lock: confirm an
// incomplete roster by hand, swap an athlete or a substitute, add or remove a substitute, rename
// the team. The activity feed names the organiser who did it.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { formatDateTime } from '@/lib/dates';
import { useConfirmRoster, useOrganiserRosterChange, type Registration, type RegistrationPlace, type RosterPlaceInput } from '../api/registration';
import { substitutesLeft, withoutPlace, withPlace } from '../rules/roster';

const fieldError = (error: unknown, field: string) => (error instanceof ApiError && error.field === field ? error.message : undefined);

/** One athlete typed in by the organiser: a swap (the place's position) or a new substitute (0). */
function PlaceForm({ r, position, onDone }: { r: Registration; position: number; onDone: () => void }) {
  const { t } = useTranslation('console');
  const change = useOrganiserRosterChange(r.id);
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const id = `desk-roster-${r.id}-${position}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const place: RosterPlaceInput = {
      position,
      name,
      category,
      birthDate: birthDate || undefined,
      substitute: position === 0,
    };
    change.mutate({ athletes: withPlace(r, place) }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-2 rounded-md bg-slate-50 p-3 sm:grid-cols-3" data-testid="desk-roster-form">
      <FormField label={t('rosterDesk.athleteName')} htmlFor={`${id}-name`} required>
        <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </FormField>
      {r.categories.length > 0 && (
        <FormField label={t('rosterDesk.category')} htmlFor={`${id}-category`} required>
          <Select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('rosterDesk.chooseCategory')}</option>
            {r.categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      {r.birthDateRequired && (
        <FormField label={t('rosterDesk.birthDate')} htmlFor={`${id}-birth`} required>
          <Input id={`${id}-birth`} type="date" value={birthDate} onChange={(e) => setBirthDate(e.target.value)} />
        </FormField>
      )}
      {change.error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {t('rosterDesk.failed', { message: errorMessage(change.error) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-3">
        <Button type="submit" size="sm" loading={change.isPending}>
          {position === 0 ? t('rosterDesk.addSubstitute') : t('rosterDesk.saveSwap')}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          {t('rosterDesk.cancel')}
        </Button>
      </div>
    </form>
  );
}

function PlaceLine({ r, p, live }: { r: Registration; p: RegistrationPlace; live: boolean }) {
  const { t } = useTranslation('console');
  const [swapping, setSwapping] = useState(false);
  const change = useOrganiserRosterChange(r.id);
  const label = p.open ? (p.email ? t('rosterDesk.openInvited', { email: p.email }) : t('rosterDesk.open')) : p.name;
  return (
    <li className="py-1.5" data-testid="desk-roster-place">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={p.open ? 'italic text-slate-500' : 'text-slate-900'}>
          {p.position}. {label}
          {p.category && !p.open ? ` · ${p.category}` : ''}
          {p.captain && <span className="ml-1 text-xs font-medium text-blue-700">({t('rosterDesk.captain')})</span>}
          {p.substitute && <span className="ml-1 text-xs font-medium text-slate-600">({t('rosterDesk.substitute')})</span>}
        </span>
        {live && !p.captain && !p.open && !swapping && (
          <span className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setSwapping(true)} aria-label={t('rosterDesk.swapLabel', { name: p.name })}>
              {t('rosterDesk.swap')}
            </Button>
            {p.substitute && (
              <Button
                variant="secondary"
                size="sm"
                loading={change.isPending}
                aria-label={t('rosterDesk.removeLabel', { name: p.name })}
                onClick={() => change.mutate({ athletes: withoutPlace(r, p.position) })}
              >
                {t('rosterDesk.remove')}
              </Button>
            )}
          </span>
        )}
      </div>
      {change.error && (
        <p role="alert" className="text-sm text-red-700">
          {t('rosterDesk.failed', { message: errorMessage(change.error) })}
        </p>
      )}
      {swapping && <PlaceForm r={r} position={p.position} onDone={() => setSwapping(false)} />}
    </li>
  );
}

function Rename({ r }: { r: Registration }) {
  const { t } = useTranslation('console');
  const change = useOrganiserRosterChange(r.id);
  const [name, setName] = useState(r.teamName);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ teamName: name });
  };
  const error = change.error ? fieldError(change.error, 'teamName') ?? errorMessage(change.error) : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <FormField label={t('rosterDesk.teamName')} htmlFor={`desk-team-${r.id}`} error={error}>
        <Input id={`desk-team-${r.id}`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" invalid={!!error} />
      </FormField>
      <Button type="submit" size="sm" variant="secondary" loading={change.isPending} disabled={name.trim() === r.teamName}>
        {t('rosterDesk.rename')}
      </Button>
    </form>
  );
}

/** Confirm an incomplete roster: one step, with what it means said beside it. */
function ConfirmRoster({ r, taken, size }: { r: Registration; taken: number; size: number }) {
  const { t } = useTranslation('console');
  const confirm = useConfirmRoster();
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm text-amber-900">{t('rosterDesk.incomplete', { taken, size })}</p>
      <Button size="sm" className="mt-2" loading={confirm.isPending} onClick={() => confirm.mutate(r.id)}>
        {t('rosterDesk.confirm')}
      </Button>
      {confirm.error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('rosterDesk.failed', { message: errorMessage(confirm.error) })}
        </p>
      )}
    </div>
  );
}

/** The organiser's roster of one registration (every size but pairs). */
export function OrganiserRoster({ r }: { r: Registration }) {
  const { t } = useTranslation('console');
  const [adding, setAdding] = useState(false);
  const live = r.state !== 'withdrawn' && r.state !== 'refused';
  const starting = r.places.filter((p) => !p.substitute);
  const taken = starting.filter((p) => !p.open).length;
  return (
    <section aria-label={t('rosterDesk.title', { team: r.teamName })} className="space-y-3 text-sm" data-testid="desk-roster">
      <p className="text-slate-600">
        {r.rosterLocked
          ? t('rosterDesk.locked', { at: formatDateTime(r.rosterLockAt) })
          : r.rosterLockAt
          ? t('rosterDesk.lockAt', { at: formatDateTime(r.rosterLockAt) })
          : t('rosterDesk.noLock')}
      </p>
      {r.rosterConfirmedBy && <p className="text-slate-700">{t('rosterDesk.confirmedBy', { name: r.rosterConfirmedBy })}</p>}
      {live && taken < starting.length && !r.rosterConfirmedBy && <ConfirmRoster r={r} taken={taken} size={starting.length} />}
      <ul className="divide-y divide-slate-100">
        {r.places.map((p) => (
          <PlaceLine key={p.position} r={r} p={p} live={live} />
        ))}
      </ul>
      {live && substitutesLeft(r) > 0 && !adding && (
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
          {t('rosterDesk.addSubstitute')}
        </Button>
      )}
      {adding && <PlaceForm r={r} position={0} onDone={() => setAdding(false)} />}
      {live && <Rename r={r} />}
    </section>
  );
}
