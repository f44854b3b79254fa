import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import type { VolunteerList } from '../api/organiser';
import { roleLabelKey, windowText } from '../rules/crew';

/** Who has not confirmed a shift yet: the organiser's list to call. */
export function NoReplyCard({ list }: { list: VolunteerList }) {
  const { t } = useTranslation('console');
  const late = list.volunteers.filter((v) => list.unconfirmedIds.includes(v.id));
  return (
    <Card title={t('crew.noReply.title', { count: late.length })}>
      {late.length === 0 ? (
        <p className="text-sm text-slate-600">{t('crew.noReply.none')}</p>
      ) : (
        <ul className="space-y-1 text-sm" aria-label={t('crew.noReply.title', { count: late.length })}>
          {late.map((v) => (
            <li key={v.id}>
              <span className="font-medium text-slate-900">{v.name}</span>{' '}
              <a className="text-blue-700 underline" href={`mailto:${v.email}`}>
                {v.email}
              </a>
              <span className="text-slate-500">
                {' '}
                · {v.shifts.filter((s) => !s.confirmed).map((s) => `${t(roleLabelKey(s.role))} ${windowText(s.startsAt, s.endsAt)}`).join('; ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Every volunteer of the event with their roles, credential (and its problem), availability and
 * shifts. */
export function VolunteersCard({ list }: { list: VolunteerList }) {
  const { t } = useTranslation('console');
  return (
    <Card title={t('crew.volunteers.title', { count: list.volunteers.length })}>
      {list.volunteers.length === 0 ? (
        <p className="text-sm text-slate-600">{t('crew.volunteers.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {list.volunteers.map((v) => (
            <li key={v.id} className="py-2" data-testid="crew-volunteer">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{v.name}</span>
                <span className="text-slate-500">{v.email}</span>
                {!v.confirmed && <Badge color="amber">{t('crew.volunteers.unconfirmed')}</Badge>}
                {v.hasAccount && <Badge color="blue">{t('crew.volunteers.account')}</Badge>}
              </div>
              <p className="text-slate-600">
                {v.roles.map((r) => t(roleLabelKey(r))).join(', ')}
                {v.credential && ` · ${t('crew.volunteers.level', { level: v.credential.level, course: v.credential.course })}`}
                {v.club && ` · ${v.club}`}
              </p>
              <p className="text-xs text-slate-500">
                {v.availability.length === 0 ? t('site:crew.signUp.wholeEvent') : v.availability.map((w) => windowText(w.startsAt, w.endsAt)).join('; ')}
              </p>
              {v.credentialProblem && (
                <p role="alert" className="text-xs font-medium text-red-700">
                  ⚠ {v.credentialProblem}
                </p>
              )}
              {v.notes && <p className="text-xs whitespace-pre-wrap text-slate-600">“{v.notes}”</p>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
