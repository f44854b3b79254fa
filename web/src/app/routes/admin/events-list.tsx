import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useRole } from '@/lib/auth/use-permissions';
import { canCreateEvents } from '@/lib/auth/permissions';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useEvents } from '@/lib/queries/events';
import { EventsTable } from '@/features/events/components/events-table';
import { ImportEventButton } from '@/features/events/components/import-event-button';

export default function EventsListRoute() {
  const { t } = useTranslation('console');
  const events = useEvents();
  const mayCreate = canCreateEvents(useRole());
  const create = mayCreate && (
    <ButtonLink variant="primary" to="/admin/events/new">
      {t('events.create')}
    </ButtonLink>
  );
  return (
    <>
      <Breadcrumbs items={[{ label: t('frame.events') }]} />
      <PageHeader title={t('frame.events')} actions={<>{create}{mayCreate && <ImportEventButton />}<QuickActions /></>} />
      <QueryState query={events} errorTitle={t('events.loadError')}>
        {(list) => (list.length === 0 ? <EmptyState title={t('events.none')} action={create || undefined} /> : <EventsTable events={list} />)}
      </QueryState>
    </>
  );
}
