import { useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useDeleteDivision, useDivision, useUpdateDivision } from '@/features/divisions/api/divisions';
import { DivisionForm } from '@/features/divisions/components/division-form';
import { rosterFormValues, rosterInput } from '@/features/divisions/rules/roster';

const DELETE_DIVISION_CONFIRM =
  'Are you sure you want to delete this division? All teams associated with it will also be removed. This action cannot be undone.';

export default function DivisionEditRoute() {
  const { divisionId = '' } = useParams();
  const navigate = useNavigate();
  const division = useDivision(divisionId);
  const update = useUpdateDivision(divisionId);
  const remove = useDeleteDivision();

  if (!divisionId) return <EmptyState title="No division context" />;

  return (
    <QueryState query={division} errorTitle="Failed to load division" notFound="Division not found">
      {(d) => {
        const back = d.eventId ? `/admin/events/${d.eventId}/divisions` : '/admin/divisions';
        const onDelete = () => {
          if (!window.confirm(DELETE_DIVISION_CONFIRM)) return;
          remove.mutate(d.id, { onSuccess: () => void navigate(back) });
        };
        return (
          <>
            <Breadcrumbs
              items={[
                { label: 'Events', to: '/admin/events' },
                { label: `Event: ${d.eventName}`, to: `/admin/events/${d.eventId}` },
                { label: 'Divisions', to: `/admin/events/${d.eventId}/divisions` },
                { label: d.name, to: `/admin/divisions/${d.id}` },
                { label: 'Edit' },
              ]}
            />
            <PageHeader title="Edit Division" subtitle={d.name} />
            {update.isError && <ErrorPanel title="Failed to update division" error={update.error} />}
            {remove.isError && <ErrorPanel title="Failed to delete division" error={remove.error} />}
            <Card className="mt-4 max-w-2xl">
              <DivisionForm
                initial={{ name: d.name, description: d.description, eventId: d.eventId, ...rosterFormValues(d.roster) }}
                events={[{ id: d.eventId, name: d.eventName }]}
                eventLocked
                submitLabel="Save Changes"
                submitting={update.isPending}
                onCancel={() => void navigate(`/admin/divisions/${d.id}`)}
                onSubmit={(values) =>
                  update.mutate(
                    { name: values.name, description: values.description, roster: rosterInput(values) },
                    { onSuccess: () => void navigate(`/admin/divisions/${d.id}`) },
                  )
                }
                extraActions={
                  <Button variant="danger" loading={remove.isPending} onClick={onDelete}>
                    Delete Division
                  </Button>
                }
              />
            </Card>
          </>
        );
      }}
    </QueryState>
  );
}
