import { useState } from 'react';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useDivision } from '@/features/divisions/api/divisions';
import { teamSizeOf } from '@/features/divisions/rules/roster';
import { useDivisionTeams } from '@/features/teams/api/teams';
import { ImportTeamsDialog } from '@/features/teams/components/import-teams-dialog';
import { TeamGridEditor } from '@/features/teams/components/team-grid-editor';

export default function TeamGridRoute() {
  const { divisionId = '' } = useParams();
  const division = useDivision(divisionId);
  const teams = useDivisionTeams(divisionId);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [importing, setImporting] = useState(false);

  return (
    <QueryState query={division} errorTitle="Failed to load division details" notFound="Division not found">
      {(d) => (
        <>
          <Breadcrumbs
            items={[
              { label: 'Events', to: '/admin/events' },
              { label: `Event: ${d.eventName}`, to: `/admin/events/${d.eventId}` },
              { label: `Division: ${d.name}`, to: `/admin/divisions/${d.id}` },
              { label: 'Teams (Grid)' },
            ]}
          />
          <PageHeader
            title="Teams (Grid)"
            subtitle={`${d.eventName} · ${d.name}`}
            actions={
              <>
                <Button variant="secondary" onClick={() => setImporting(true)}>
                  Import CSV
                </Button>
                <QuickActions eventId={d.eventId} />
              </>
            }
          />
          <ImportTeamsDialog eventId={d.eventId} divisionId={d.id} open={importing} onClose={() => setImporting(false)} />
          <QueryState query={teams} errorTitle="Error loading teams">
            {(list) => (
              <TeamGridEditor
                eventId={d.eventId}
                divisionId={d.id}
                size={teamSizeOf(d)}
                teams={list}
                savedAt={savedAt}
                onSaved={() => setSavedAt(new Date())}
              />
            )}
          </QueryState>
        </>
      )}
    </QueryState>
  );
}
