import { useMemo, useState } from 'react';
import { Button, ButtonLink } from '@/components/button';
import { ErrorPanel } from '@/components/error-panel';
import type { Team } from '@/lib/api/types';
import { DraftRestoredNotice } from '@/lib/unsaved/draft-restored-notice';
import type { SaveReport } from '@/lib/unsaved/save-report';
import { SaveReportPanel } from '@/lib/unsaved/save-report-panel';
import { useDeleteTeam } from '../api/teams';
import { useSaveTeamGrid } from '../hooks/use-save-team-grid';
import { useTeamGridRows } from '../hooks/use-team-grid-rows';
import { applySaved, emptyRows, planSave, validateRow, type GridRow } from '../rules/grid-rows';
import { deleteTeamConfirm } from '../rules/result-loss';
import { BeyondCapacity } from './beyond-capacity';
import { SaveIndicator } from './save-indicator';
import { TeamGridTable } from './team-grid-table';

type Props = {
  eventId: string;
  divisionId: string;
  /** The division's athletes per team (docs/rosters.md). */
  size: number;
  teams: readonly Team[];
  savedAt: Date | null;
  onSaved: () => void;
};

/**
 * A division's teams as a spreadsheet: the rows (kept as a draft, useTeamGridRows), the grid
 * (TeamGridTable), and saving them with a report of what was and was not saved.
 */
export function TeamGridEditor({ eventId, divisionId, size, teams, savedAt, onSaved }: Props) {
  const { rows, setRows, dirty, restored, discard } = useTeamGridRows(divisionId, teams);
  const [report, setReport] = useState<SaveReport | null>(null);
  // Set when the server refused the new rows for the division's capacity: the organiser may
  // then add them beyond it, on purpose (docs/registration.md, "Teams added by hand").
  const [overCapacity, setOverCapacity] = useState<string | null>(null);
  const [beyondCapacity, setBeyondCapacity] = useState(false);
  const save = useSaveTeamGrid(eventId, divisionId);
  const remove = useDeleteTeam();

  const errors = useMemo(() => rows.map(validateRow), [rows]);
  const invalid = errors.some((e) => Object.keys(e).length > 0);

  const saveNow = () => {
    if (invalid || !dirty || save.isPending) return;
    setReport(null);
    save.mutate({ plan: planSave(rows, size), beyondCapacity }, {
      onSuccess: (outcome) => {
        setRows((current) => applySaved(current, outcome.savedKeys, outcome.created));
        setReport(outcome.report);
        setOverCapacity(outcome.overCapacity);
        if (!outcome.overCapacity) setBeyondCapacity(false);
        if (outcome.report.failed.length === 0) onSaved();
      },
    });
  };
  const deleteTeam = (row: GridRow) => {
    if (!row.id || !window.confirm(deleteTeamConfirm(row.name, row.resultsCount))) return;
    remove.mutate(row.id, { onSuccess: () => setRows((current) => current.filter((r) => r.key !== row.key)) });
  };

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => setRows((current) => [...current, ...emptyRows()])}>
          Add 10 Rows
        </Button>
        <Button onClick={saveNow} disabled={invalid || !dirty} loading={save.isPending}>
          Save Changes
        </Button>
        <ButtonLink to={`/admin/divisions/${divisionId}/teams`}>Back</ButtonLink>
        <div className="ml-auto">
          <SaveIndicator saving={save.isPending} invalid={invalid} dirty={dirty} savedAt={savedAt} onDiscard={discard} onSaveNow={saveNow} />
        </div>
      </div>
      {restored && <DraftRestoredNotice count={restored.length} onDiscard={discard} />}
      {report && <SaveReportPanel report={report} noun={['team', 'teams']} onDismiss={() => setReport(null)} />}
      {overCapacity && <BeyondCapacity message={overCapacity} checked={beyondCapacity} onChange={setBeyondCapacity} />}
      {remove.isError && <ErrorPanel title="Failed to delete team" error={remove.error} />}
      {invalid && (
        <p className="mb-2 text-sm text-red-700">Team names need 2 to 255 characters; athlete names at most 255.</p>
      )}
      <TeamGridTable size={size} rows={rows} setRows={setRows} errors={errors} onDelete={deleteTeam} />
    </>
  );
}
