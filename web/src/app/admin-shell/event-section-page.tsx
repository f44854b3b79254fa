import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { useEvent } from '@/lib/queries/events';
import { QuickActions } from './quick-actions';

/** The frame of an event's Divisions, Teams and Workouts pages: breadcrumbs, header with the
 * event's name, the page's own actions, Back to the event and Quick Actions. */
export function EventSectionPage({
  eventId,
  title,
  actions,
  children,
}: {
  eventId: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('console');
  const event = useEvent(eventId);
  const eventName = event.data?.name ?? '…';
  return (
    <>
      <Breadcrumbs items={[{ label: t('frame.events'), to: '/admin/events' }, { label: t('crumbs.event', { name: eventName }), to: `/admin/events/${eventId}` }, { label: title }]} />
      <PageHeader
        title={title}
        subtitle={eventName}
        actions={
          <>
            {actions}
            <ButtonLink to={`/admin/events/${eventId}`}>{t('common.back')}</ButtonLink>
            <QuickActions eventId={eventId} />
          </>
        }
      />
      {children}
    </>
  );
}
