import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { formatDate, formatDateTime } from '@/lib/dates';
import { downloadName, saveFile } from '@/lib/download';
import { useConfirmMyShift, useConfirmVolunteer, useDeleteMyVolunteer, useMyVolunteer, type MyVolunteer, type VolunteerShift } from '../api/volunteer';
import { roleLabelKey, windowText } from '../rules/crew';
import { MySwaps } from './my-swaps';

function ShiftRow({ shift, volunteerKey }: { shift: VolunteerShift; volunteerKey: string }) {
  const { t } = useTranslation('site');
  const confirm = useConfirmMyShift(volunteerKey);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="volunteer-shift">
      <div>
        <p className="font-medium text-slate-900">{t(roleLabelKey(shift.role))}</p>
        <p className="text-sm text-slate-600">{windowText(shift.startsAt, shift.endsAt)}</p>
      </div>
      {shift.confirmed ? (
        <Badge color="green">✓ {t('crew.mine.confirmed')}</Badge>
      ) : (
        <Button className="min-h-11" loading={confirm.isPending} onClick={() => confirm.mutate(shift.shiftId)}>
          {t('crew.mine.confirmShift')}
        </Button>
      )}
      {confirm.error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t('crew.mine.confirmFailed', { message: errorMessage(confirm.error) })}
        </p>
      )}
    </li>
  );
}

function DataSection({ mine, volunteerKey, onDeleted }: { mine: MyVolunteer; volunteerKey: string; onDeleted: () => void }) {
  const { t } = useTranslation('site');
  const remove = useDeleteMyVolunteer(volunteerKey);
  const [asking, setAsking] = useState(false);
  const download = () =>
    saveFile(new Blob([JSON.stringify(mine, null, 2)], { type: 'application/json' }), downloadName([mine.eventName, 'volunteer data'], 'json'));
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-2 text-lg font-semibold text-slate-900">{t('crew.mine.dataTitle')}</h2>
      <p className="mb-3 text-sm text-slate-600">{t('crew.mine.dataIntro')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="min-h-11" onClick={download}>
          {t('crew.mine.download')}
        </Button>
        {!asking ? (
          <Button variant="danger" className="min-h-11" onClick={() => setAsking(true)}>
            {t('crew.mine.delete')}
          </Button>
        ) : (
          <div className="w-full rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="mb-2">{t('crew.mine.deleteAsk')}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" className="min-h-11" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: onDeleted })}>
                {t('crew.mine.deleteConfirm')}
              </Button>
              <Button variant="secondary" className="min-h-11" onClick={() => setAsking(false)}>
                {t('crew.mine.keep')}
              </Button>
            </div>
          </div>
        )}
      </div>
      {remove.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('crew.mine.deleteFailed', { message: errorMessage(remove.error) })}
        </p>
      )}
    </section>
  );
}

/** The volunteer's own page, opened by their link (docs/crew.md, "Sign-up"): their sign-up, their
 * shifts to confirm, the heats and lanes they judge, and their data to download or delete. */
export function MyVolunteerPage({ volunteerKey }: { volunteerKey: string }) {
  const { t } = useTranslation('site');
  const query = useMyVolunteer(volunteerKey);
  const confirm = useConfirmVolunteer(volunteerKey);
  const [deleted, setDeleted] = useState(false);
  if (deleted)
    return (
      <p role="status" className="rounded-md bg-green-50 p-4 text-sm text-green-900">
        {t('crew.mine.deleted')}
      </p>
    );
  if (query.isPending) return <p className="text-sm text-slate-500">{t('crew.mine.loading')}</p>;
  if (query.isError)
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-700">
        {t('crew.mine.loadFailed', { message: errorMessage(query.error) })}
      </p>
    );
  const mine = query.data;
  const v = mine.volunteer;
  return (
    <div className="space-y-4">
      <header>
        <p className="text-sm text-slate-500">{mine.eventName}</p>
        <h1 className="text-2xl font-bold text-slate-900">{t('crew.mine.title', { name: v.name })}</h1>
      </header>
      {!v.confirmed && (
        <section className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="mb-2">{t('crew.mine.confirmAddress', { email: v.email })}</p>
          <Button className="min-h-11" loading={confirm.isPending} onClick={() => confirm.mutate(undefined)}>
            {t('crew.mine.confirmAddressButton')}
          </Button>
          {confirm.error && (
            <p role="alert" className="mt-2 text-red-700">
              {t('crew.mine.confirmFailed', { message: errorMessage(confirm.error) })}
            </p>
          )}
        </section>
      )}
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="mb-1 text-lg font-semibold text-slate-900">{t('crew.mine.shifts')}</h2>
        {v.shifts.length === 0 ? (
          <p className="text-sm text-slate-600">{t('crew.mine.noShifts')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {v.shifts.map((s) => (
              <ShiftRow key={s.shiftId} shift={s} volunteerKey={volunteerKey} />
            ))}
          </ul>
        )}
      </section>
      {mine.judging.length > 0 && (
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{t('crew.mine.judging')}</h2>
            <Link className="text-sm text-blue-700 underline" to={`/public/volunteer/${encodeURIComponent(volunteerKey)}/packet`}>
              {t('crew.packet.open')}
            </Link>
          </div>
          <ul className="divide-y divide-slate-100 text-sm">
            {mine.judging.map((s) => (
              <li key={`${s.heatId}-${s.lane}`} className="py-2">
                <span className="font-medium text-slate-900">
                  {s.workoutName}, {t('crew.heat', { number: s.heatNumber })}
                </span>{' '}
                · {s.lane === 0 ? t('crew.headJudge') : t('crew.lane', { lane: s.lane })} · {formatDateTime(s.startsAt)}
                {s.teamName && <span className="text-slate-600"> · {s.teamName}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <MySwaps mine={mine} volunteerKey={volunteerKey} />
      <section className="rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
        <h2 className="mb-2 text-lg font-semibold text-slate-900">{t('crew.mine.signUp')}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-500">{t('crew.mine.roles')}</dt>
          <dd>{v.roles.map((r) => t(roleLabelKey(r))).join(', ')}</dd>
          <dt className="text-slate-500">{t('crew.signUp.availability')}</dt>
          <dd>{v.availability.length === 0 ? t('crew.signUp.wholeEvent') : v.availability.map((w) => windowText(w.startsAt, w.endsAt)).join('; ')}</dd>
          {v.credential && (
            <>
              <dt className="text-slate-500">{t('crew.signUp.credential')}</dt>
              <dd>
                {t('crew.mine.credentialText', { course: v.credential.course, level: v.credential.level, until: formatDate(v.credential.validUntil) })}
                {v.credentialProblem && (
                  <p role="alert" className="text-red-700">
                    ⚠ {v.credentialProblem}
                  </p>
                )}
              </dd>
            </>
          )}
          {v.club && (
            <>
              <dt className="text-slate-500">{t('crew.signUp.club')}</dt>
              <dd>{v.club}</dd>
            </>
          )}
        </dl>
      </section>
      <DataSection mine={mine} volunteerKey={volunteerKey} onDeleted={() => setDeleted(true)} />
    </div>
  );
}
