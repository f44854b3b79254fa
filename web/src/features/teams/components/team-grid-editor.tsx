import { HotTable } from '@handsontable/react-wrapper';
import { textRenderer } from 'handsontable/renderers';
import type { CellChange, CellProperties, ChangeSource } from 'handsontable/settings';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/button';
import { ErrorPanel } from '@/components/error-panel';
import type { Team } from '@/lib/api/types';
import { clickedAction, HOT_INJECT_CORE_CSS, HOT_LICENSE_KEY, HOT_THEME, renderCellButtons } from '@/lib/handsontable';
import { DraftRestoredNotice } from '@/lib/unsaved/draft-restored-notice';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import type { SaveReport } from '@/lib/unsaved/save-report';
import { SaveReportPanel } from '@/lib/unsaved/save-report-panel';
import { useLeaveGuard } from '@/lib/unsaved/use-leave-guard';
import { useDeleteTeam } from '../api/teams';
import { useSaveTeamGrid } from '../hooks/use-save-team-grid';
import {
  applySaved,
  editRow,
  emptyRows,
  gridHeight,
  hasUnsavedChanges,
  initialGrid,
  isLocked,
  lockedLabel,
  planSave,
  rebaseRows,
  unsavedRows,
  validateRow,
  withRowsUpTo,
  type GridField,
  type GridRow,
} from '../rules/grid-rows';
import { SaveIndicator } from './save-indicator';
import { deleteTeamConfirm } from '../rules/result-loss';

const FIELDS: GridField[] = ['name', 'athlete1Name', 'athlete2Name'];
const ACTIONS_COL = 4;

type Props = {
  eventId: string;
  divisionId: string;
  teams: readonly Team[];
  savedAt: Date | null;
  onSaved: () => void;
};

const draftKey = (divisionId: string) => `team-grid:${divisionId}`;

export function TeamGridEditor({ eventId, divisionId, teams, savedAt, onSaved }: Props) {
  const navigate = useNavigate();
  const [restored] = useState(() => loadDraft<GridRow[]>(draftKey(divisionId)));
  const [rows, setRows] = useState<GridRow[]>(() => initialGrid(teams, restored));
  const [showRestored, setShowRestored] = useState(Boolean(restored?.length));
  const [report, setReport] = useState<SaveReport | null>(null);
  const save = useSaveTeamGrid(eventId, divisionId);
  const remove = useDeleteTeam();

  const errors = useMemo(() => rows.map(validateRow), [rows]);
  const invalid = errors.some((e) => Object.keys(e).length > 0);
  const dirty = hasUnsavedChanges(rows);

  // The server's list changed (save, delete, refetch): follow it without dropping typed rows.
  useEffect(() => setRows((current) => rebaseRows(current, teams)), [teams]);
  useEffect(() => {
    const unsaved = unsavedRows(rows);
    saveDraft(draftKey(divisionId), unsaved.length > 0 ? unsaved : null);
  }, [rows, divisionId]);
  const forgetDraft = useCallback(() => clearDraft(draftKey(divisionId)), [divisionId]);
  useLeaveGuard(dirty, forgetDraft);

  const saveNow = () => {
    if (invalid || !dirty || save.isPending) return;
    setReport(null);
    save.mutate(planSave(rows), {
      onSuccess: (outcome) => {
        setRows((current) => applySaved(current, outcome.savedKeys, outcome.created));
        setReport(outcome.report);
        if (outcome.report.failed.length === 0) onSaved();
      },
    });
  };
  const discard = () => {
    forgetDraft();
    setShowRestored(false);
    setRows([...rebaseRows([], teams), ...emptyRows()]);
  };

  const afterChange = (changes: CellChange[] | null, source: ChangeSource) => {
    if (!changes || source === 'loadData' || source === 'updateData') return;
    setRows((current) => {
      const next = withRowsUpTo(current, Math.max(...changes.map(([index]) => index)));
      changes.forEach(([index, prop, , value]) => {
        const row = next[index];
        if (row && FIELDS.includes(prop as GridField)) next[index] = editRow(row, prop as GridField, value == null ? '' : String(value));
      });
      return next;
    });
  };

  const afterOnCellMouseDown = (event: MouseEvent, coords: { row: number | null; col: number | null }) => {
    const row = coords.row !== null && coords.row >= 0 ? rows[coords.row] : undefined;
    if (!row || coords.col !== ACTIONS_COL) return;
    const action = clickedAction(event);
    if (action === 'view' && row.id) void navigate(`/admin/teams/${row.id}`);
    if (action === 'remove') setRows((current) => current.filter((r) => r.key !== row.key));
    if (action === 'delete' && row.id && window.confirm(deleteTeamConfirm(row.name, row.resultsCount))) {
      remove.mutate(row.id, { onSuccess: () => setRows((current) => current.filter((r) => r.key !== row.key)) });
    }
  };

  const cells = (index: number, col: number): Partial<CellProperties> => {
    const row = rows[index];
    if (!row) return {};
    const field = FIELDS[col];
    const classes = [
      isLocked(row) && 'row-locked',
      row.dirty && 'row-modified',
      field && errors[index]?.[field] && 'cell-invalid',
    ];
    return { readOnly: isLocked(row) || col > 2, className: classes.filter(Boolean).join(' ') };
  };

  const data = rows.map((row) => ({
    name: row.name,
    athlete1Name: row.athlete1Name,
    athlete2Name: row.athlete2Name,
    status: isLocked(row) ? lockedLabel(row.finalResultsCount) : 'Editable',
    actions: '',
  }));

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
      {showRestored && restored && <DraftRestoredNotice count={restored.length} onDiscard={discard} />}
      {report && <SaveReportPanel report={report} noun={['team', 'teams']} onDismiss={() => setReport(null)} />}
      {remove.isError && <ErrorPanel title="Failed to delete team" error={remove.error} />}
      {invalid && (
        <p className="mb-2 text-sm text-red-700">Team names need 2 to 255 characters; athlete names at most 255.</p>
      )}
      <div className={HOT_THEME}>
        <HotTable
          licenseKey={HOT_LICENSE_KEY}
          themeName={HOT_THEME}
          injectCoreCss={HOT_INJECT_CORE_CSS}
          data={data}
          colHeaders={['Team Name', 'Athlete 1 Name', 'Athlete 2 Name', 'Status', 'Actions']}
          colWidths={[260, 220, 220, 160, 160]}
          columns={[
            { data: 'name', type: 'text' },
            { data: 'athlete1Name', type: 'text' },
            { data: 'athlete2Name', type: 'text' },
            { data: 'status', readOnly: true },
            {
              data: 'actions',
              readOnly: true,
              renderer: (instance, td, rowIndex, col, prop, value, props) => {
                textRenderer(instance, td, rowIndex, col, prop, value, props);
                const row = rows[rowIndex];
                if (!row) return;
                if (row.id === null) renderCellButtons(td, [{ action: 'remove', label: 'Remove' }]);
                else
                  renderCellButtons(td, [
                    { action: 'view', label: 'View' },
                    ...(isLocked(row) ? [] : [{ action: 'delete', label: 'Delete', tone: 'danger' as const }]),
                  ]);
              },
            },
          ]}
          cells={cells}
          rowHeaders
          height={gridHeight(rows.length)}
          tabNavigation
          autoWrapRow
          afterChange={afterChange}
          afterOnCellMouseDown={afterOnCellMouseDown}
        />
      </div>
    </>
  );
}
