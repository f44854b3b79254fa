// The event's Adjustments tab (docs/competition-day.md, "Adjustments"): every change of a result
// after the public first saw it, newest first, with what it was and is, why and when, never who
// changed it. Fits a 360 px phone: one card per change.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { formatDateTime } from '@/lib/dates';
import { appealQueries, type Adjustment } from '@/features/appeals/api/appeals';
import { isNotFound, publicQueries, REFRESH_MS } from '@/features/public/api/public';
import { EventTabs, NotFoundPage, PageError, PageLoading } from '@/features/public/components/common';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { pageTitles } from '@/features/public/rules/titles';

const kindColor = { appeal: 'blue', penalty: 'amber', correction: 'purple', withdrawn: 'red' } as const;
type Kind = keyof typeof kindColor;
const kindLabel = {
  appeal: 'adjustments.kind.appeal',
  penalty: 'adjustments.kind.penalty',
  correction: 'adjustments.kind.correction',
  withdrawn: 'adjustments.kind.withdrawn',
} as const;

function AdjustmentItem({ adjustment: a }: { adjustment: Adjustment }) {
  const { t } = useTranslation('site');
  const kind: Kind = a.kind in kindColor ? (a.kind as Kind) : 'correction';
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 bg-white p-3" data-testid="adjustment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge color={kindColor[kind]}>{t(kindLabel[kind])}</Badge>
        <time dateTime={a.at} className="text-xs tabular-nums text-slate-600">
          {formatDateTime(a.at)}
        </time>
      </div>
      <p className="mt-2 break-words font-semibold text-slate-900">
        {a.teamId ? (
          <Link to={`/public/teams/${a.teamId}`} className="hover:text-blue-700 hover:underline">
            {a.teamName}
          </Link>
        ) : (
          a.teamName
        )}
        <span className="font-normal text-slate-600"> · {a.workoutName}</span>
      </p>
      {a.divisionName && <p className="text-xs text-slate-500">{a.divisionName}</p>}
      <p className="mt-1 text-sm text-slate-800">
        {a.afterText ? (
          <>
            <s className="tabular-nums text-slate-500">{a.beforeText}</s> → <strong className="tabular-nums">{a.afterText}</strong>
          </>
        ) : (
          t('adjustments.withdrawnFrom', { before: a.beforeText })
        )}
      </p>
      <p className="mt-1 break-words text-sm text-slate-700">
        {a.reason ? t('adjustments.reason', { reason: a.reason }) : t('adjustments.noReason')}
      </p>
    </li>
  );
}

export default function EventAdjustmentsRoute() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('site');
  const { query } = useLiveQuery({ ...appealQueries.adjustments(eventId), enabled: !!eventId }, REFRESH_MS.team, eventId);
  // The Details tab shows only when the event shows its details, as on the other tabs.
  const event = useQuery({ ...publicQueries.event(eventId), enabled: !!eventId });
  usePageTitle(query.data ? pageTitles.adjustments(query.data.eventName) : undefined);
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <NotFoundPage message={t('adjustments.notFound')} crumbs={[{ label: t('events.title'), to: '/public/events' }, { label: t('adjustments.notFoundCrumb') }]} backTo="/public/events">
          <ButtonLink to="/public/events">{t('adjustments.backToEvents')}</ButtonLink>
        </NotFoundPage>
      );
    return <PageError message={t('adjustments.loadFailed')} backToEvents />;
  }
  const data = query.data;
  return (
    <div>
      <h1 className="mb-4 break-words text-2xl font-bold text-slate-900 sm:text-3xl">{t('adjustments.heading', { event: data.eventName })}</h1>
      <EventTabs eventId={eventId} active="adjustments" detailsVisible={event.data?.detailsVisible ?? false} />
      <p className="mb-4 text-sm text-slate-600">{t('adjustments.intro')}</p>
      {data.adjustments.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">{t('adjustments.none')}</p>
      ) : (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {data.adjustments.map((a) => (
            <AdjustmentItem key={`${a.resultId}-${a.at}-${a.kind}`} adjustment={a} />
          ))}
        </ol>
      )}
    </div>
  );
}
