import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { formatDateTime } from '@/lib/dates';
import { useChangeRoster, useLeaveTeam, type Registration, type RegistrationPlace, type RosterPlaceInput } from '../api/registration';
import { substitutesLeft, withoutPlace, withPlace } from '../rules/roster';
import { AthleteFields } from './athlete-fields';

/** One athlete typed in by the captain: a swap (position of the place) or a new substitute (position 0). */
function PlaceForm({ r, position, onDone }: { r: Registration; position: number; onDone: () => void }) {
  const { t } = useTranslation('site');
  const change = useChangeRoster(r.id);
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const place: RosterPlaceInput = { position, name, category, birthDate, substitute: position === 0 };
    change.mutate({ athletes: withPlace(r, place) }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-2 rounded-md bg-slate-50 p-3" data-testid="roster-place-form">
      <FormField label={t('roster.athleteName')} htmlFor={`roster-name-${r.id}-${position}`} required>
        <Input id={`roster-name-${r.id}-${position}`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </FormField>
      <AthleteFields
        idPrefix={`roster-${r.id}-${position}`}
        categories={r.categories}
        birthDateRequired={r.birthDateRequired}
        category={category}
        birthDate={birthDate}
        onCategory={setCategory}
        onBirthDate={setBirthDate}
        error={null}
      />
      {change.error && (
        <p role="alert" className="text-sm text-red-700">
          {t('roster.changeFailed', { message: errorMessage(change.error) })}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={change.isPending}>
          {position === 0 ? t('roster.addSubstitute') : t('roster.swapSave')}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          {t('roster.cancel')}
        </Button>
      </div>
    </form>
  );
}

function PlaceLine({ r, p, editable }: { r: Registration; p: RegistrationPlace; editable: boolean }) {
  const { t } = useTranslation('site');
  const [swapping, setSwapping] = useState(false);
  const change = useChangeRoster(r.id);
  const label = p.open ? (p.email ? t('roster.openInvited', { email: p.email }) : t('roster.openShareCode')) : p.name;
  return (
    <li className="py-1.5" data-testid="roster-place">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={p.open ? 'text-slate-500 italic' : 'text-slate-900'}>
          {p.position}. {label}
          {p.category && !p.open ? ` · ${p.category}` : ''}
          {p.captain && <span className="ml-1 text-xs font-medium text-blue-700">({t('roster.captain')})</span>}
          {p.substitute && <span className="ml-1 text-xs font-medium text-slate-600">({t('roster.substitute')})</span>}
        </span>
        {editable && !p.captain && !p.open && !swapping && (
          <span className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setSwapping(true)} aria-label={t('roster.swapLabel', { name: p.name })}>
              {t('roster.swap')}
            </Button>
            {p.substitute && (
              <Button variant="secondary" size="sm" loading={change.isPending} onClick={() => change.mutate({ athletes: withoutPlace(r, p.position) })}>
                {t('roster.remove')}
              </Button>
            )}
          </span>
        )}
      </div>
      {change.error && (
        <p role="alert" className="text-sm text-red-700">
          {t('roster.changeFailed', { message: errorMessage(change.error) })}
        </p>
      )}
      {swapping && <PlaceForm r={r} position={p.position} onDone={() => setSwapping(false)} />}
    </li>
  );
}

function Rename({ r }: { r: Registration }) {
  const { t } = useTranslation('site');
  const change = useChangeRoster(r.id);
  const [name, setName] = useState(r.teamName);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ teamName: name });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-end gap-2">
      <FormField label={t('roster.teamName')} htmlFor={`roster-team-${r.id}`} error={change.error ? errorMessage(change.error) : undefined}>
        <Input id={`roster-team-${r.id}`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" invalid={!!change.error} />
      </FormField>
      <Button type="submit" size="sm" variant="secondary" loading={change.isPending} disabled={name.trim() === r.teamName}>
        {t('roster.rename')}
      </Button>
    </form>
  );
}

/**
 * A team's roster on "My registrations" (teams of other sizes than pairs, docs/rosters.md): its
 * places taken and open, the captain's changes until the event's roster lock, and "Leave team"
 * for the other athletes.
 */
export function TeamRoster({ r }: { r: Registration }) {
  const { t } = useTranslation('site');
  const leave = useLeaveTeam();
  const [adding, setAdding] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const live = r.state !== 'withdrawn' && r.state !== 'refused';
  const editable = live && r.callerIsCaptain && !r.rosterLocked;
  const taken = r.places.filter((p) => !p.open && !p.substitute).length;
  const starting = r.places.filter((p) => !p.substitute).length;
  return (
    <div className="mt-3" data-testid="team-roster">
      <p className="text-sm font-medium text-slate-700">{t('roster.places', { taken, size: starting })}</p>
      <ul className="mt-1 divide-y divide-slate-100 text-sm">
        {r.places.map((p) => (
          <PlaceLine key={p.position} r={r} p={p} editable={editable} />
        ))}
      </ul>
      {editable && substitutesLeft(r) > 0 && !adding && (
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => setAdding(true)}>
          {t('roster.addSubstitute')}
        </Button>
      )}
      {adding && <PlaceForm r={r} position={0} onDone={() => setAdding(false)} />}
      {editable && <Rename r={r} />}
      {live && r.callerIsCaptain && r.rosterLocked && (
        <p className="mt-2 text-sm text-slate-600">{t('roster.locked', { at: formatDateTime(r.rosterLockAt) })}</p>
      )}
      {live && r.callerIsCaptain && !r.rosterLocked && r.rosterLockAt && (
        <p className="mt-2 text-xs text-slate-500">{t('roster.lockAt', { at: formatDateTime(r.rosterLockAt) })}</p>
      )}
      {live && !r.callerIsCaptain && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {leaving ? (
            <>
              <span className="text-sm text-slate-700">{t('roster.leaveConfirm', { team: r.teamName })}</span>
              <Button variant="danger" size="sm" loading={leave.isPending} onClick={() => leave.mutate(r.id)}>
                {t('roster.leave')}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setLeaving(false)}>
                {t('roster.stay')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setLeaving(true)}>
              {t('roster.leaveAsk')}
            </Button>
          )}
          {leave.error && (
            <span role="alert" className="text-sm text-red-700">
              {t('roster.leaveFailed', { message: errorMessage(leave.error) })}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
