import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { ApiError } from '@/lib/api/client';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { useAnswerSwap, useProposeSwap, type CrewSwap, type MyVolunteer } from '../api/volunteer';
import { roleLabelKey, swapStatusKey, windowText } from '../rules/crew';
import { swapColors } from './swaps-card';

function IncomingSwap({ swap, volunteerKey }: { swap: CrewSwap; volunteerKey: string }) {
  const { t } = useTranslation('site');
  const answer = useAnswerSwap(volunteerKey);
  return (
    <li className="py-2" data-testid="my-swap">
      <p>{t('crew.swaps.asked', { from: swap.fromName, place: swap.place })}</p>
      {swap.status === 'proposed' ? (
        <div className="mt-1 flex flex-wrap gap-2">
          <Button className="min-h-11" loading={answer.isPending && answer.variables.accept} onClick={() => answer.mutate({ swapId: swap.id, accept: true })}>
            {t('crew.swaps.accept')}
          </Button>
          <Button variant="secondary" className="min-h-11" loading={answer.isPending && !answer.variables.accept} onClick={() => answer.mutate({ swapId: swap.id, accept: false })}>
            {t('crew.swaps.decline')}
          </Button>
        </div>
      ) : (
        <Badge color={swapColors[swap.status]}>{t(swapStatusKey(swap.status))}</Badge>
      )}
      {answer.error && (
        <p role="alert" className="text-sm text-red-700">
          {t('crew.swaps.failed', { message: errorMessage(answer.error) })}
        </p>
      )}
    </li>
  );
}

/** The volunteer's swaps (docs/crew.md, "Swaps"): hand one of their places to another volunteer by
 * the address they signed up with; the swaps asked of them to accept or decline. A refusal keeps
 * what was typed and names the field. */
export function MySwaps({ mine, volunteerKey }: { mine: MyVolunteer; volunteerKey: string }) {
  const { t } = useTranslation('site');
  const propose = useProposeSwap(volunteerKey);
  // The swap being typed is kept in the tab's storage until it is sent: a failed send or a
  // reload of the phone's page finds it again (docs/crew.md, "Swaps").
  const draftKey = `swap:${volunteerKey}`;
  const [draft] = useState(() => loadDraft<{ place: string; email: string }>(draftKey));
  const [place, setPlace] = useState(draft?.place ?? '');
  const [email, setEmail] = useState(draft?.email ?? '');
  const places = [
    ...mine.volunteer.shifts.map((s) => ({ value: `shift:${s.shiftId}`, label: `${t(roleLabelKey(s.role))} ${windowText(s.startsAt, s.endsAt)}` })),
    ...mine.judging.map((s) => ({
      value: `lane:${s.heatId}:${s.lane}`,
      label: `${s.workoutName}, ${t('crew.heat', { number: s.heatNumber })} · ${s.lane === 0 ? t('crew.headJudge') : t('crew.lane', { lane: s.lane })}`,
    })),
  ];
  const incoming = mine.swaps.filter((s) => s.toVolunteerId === mine.volunteer.id);
  const outgoing = mine.swaps.filter((s) => s.fromVolunteerId === mine.volunteer.id);
  if (places.length === 0 && mine.swaps.length === 0) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [kind, id, lane] = place.split(':');
    propose.mutate(kind === 'shift' ? { toEmail: email, shiftId: id } : { toEmail: email, heatId: id, lane: Number(lane) }, {
      onSuccess: () => {
        clearDraft(draftKey);
        setPlace('');
        setEmail('');
      },
    });
  };
  const field = propose.error instanceof ApiError ? propose.error.field : null;
  const placeField = field === 'shiftId' || field === 'heatId' || field === 'lane';
  const failed = propose.error && (
    <p role="alert" className="text-red-700">
      {t('crew.swaps.failed', { message: errorMessage(propose.error) })}
    </p>
  );
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
      <h2 className="mb-1 text-lg font-semibold text-slate-900">{t('crew.swaps.title')}</h2>
      {incoming.length > 0 && <ul className="divide-y divide-slate-100">{incoming.map((s) => <IncomingSwap key={s.id} swap={s} volunteerKey={volunteerKey} />)}</ul>}
      {outgoing.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {outgoing.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="my-swap">
              <span>{t('crew.swaps.offered', { to: s.toName, place: s.place })}</span>
              <Badge color={swapColors[s.status]}>{t(swapStatusKey(s.status))}</Badge>
            </li>
          ))}
        </ul>
      )}
      {places.length > 0 && (
        <form className="mt-3 space-y-2" onSubmit={submit} noValidate>
          <p className="text-slate-600">{t('crew.swaps.intro')}</p>
          <label className="block">
            <span className="block text-slate-700">{t('crew.swaps.place')}</span>
            <select
              className="min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
              value={place}
              onChange={(e) => {
                setPlace(e.target.value);
                saveDraft(draftKey, { place: e.target.value, email });
              }}
            >
              <option value="">{t('crew.swaps.choosePlace')}</option>
              {places.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          {placeField && failed}
          <label className="block">
            <span className="block text-slate-700">{t('crew.swaps.toEmail')}</span>
            <input
              type="email"
              className="min-h-11 w-full rounded-md border border-slate-300 px-2"
              value={email}
              aria-invalid={field === 'toEmail'}
              onChange={(e) => {
                setEmail(e.target.value);
                saveDraft(draftKey, { place, email: e.target.value });
              }}
            />
          </label>
          {/* A refusal shows under the field it names; any other failure (the server's, the
              connection's) above the button, not as if the place were wrong. */}
          {field === 'toEmail' && failed}
          {!placeField && field !== 'toEmail' && failed}
          <Button type="submit" className="min-h-11" disabled={!place || !email.trim()} loading={propose.isPending}>
            {t('crew.swaps.propose')}
          </Button>
        </form>
      )}
    </section>
  );
}
