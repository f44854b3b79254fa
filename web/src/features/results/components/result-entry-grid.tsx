import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type { RefObject } from 'react';
import type { CellChange, CellProperties, ChangeSource } from 'handsontable/settings';
import { textRenderer } from 'handsontable/renderers';
import { clickedAction, HOT_INJECT_CORE_CSS, HOT_LICENSE_KEY, HOT_THEME, renderCellButtons } from '@/lib/handsontable';
import type { Result, ScoreTypeOption } from '@/lib/api/types';
import { NO_CAP } from '@/lib/time';
import type { CellEdit } from '../hooks/use-pending-changes';
import type { PendingChanges } from '../rules/pending-changes';
import { marksText } from '../rules/marks';
import { publishedLabel } from '../rules/publication';
import { resultColumnHeader } from '../rules/result-display';

export const RESULT_COLUMN_WIDTHS = [180, 100, 90, 150, 80, 60, 100, 200, 210];
/** The Published column holds "⚠️ Draft: 3:59 public → 3:30 pending" when a change is pending. */
const PENDING_PUBLISHED_WIDTH = 270;
const RESULT_COL = 3;
const PUBLISHED_COL = 6;
const ACTIONS_COL = 7;

type GridRow = {
  teamName: string;
  scoreType: string;
  timeCap: string;
  result: string;
  score: string;
  rank: string;
  published: string;
  actions: string;
  marks: string;
};

type ResultEntryGridProps = {
  rows: readonly Result[];
  scoreTypes: readonly ScoreTypeOption[];
  changes: PendingChanges;
  invalidTeamIds: ReadonlySet<string>;
  onEdit: (edits: CellEdit[]) => void;
  /** Absent for callers who may not publish (scorers): the Published cell is then read-only. */
  onTogglePublished?: (row: Result) => void;
  onDelete: (row: Result) => void;
  /** Whether the row offers Delete (a scorer deletes no result the public sees). */
  deletable: (row: Result) => boolean;
  onHistory: (row: Result) => void;
  /** Opens the marks editor (Scaled, penalty) of a saved result. */
  onMarks: (row: Result) => void;
  /** Lets a save commit the cell still being edited first. */
  gridRef?: RefObject<HotTableRef | null>;
};

export function ResultEntryGrid({
  rows,
  scoreTypes,
  changes,
  invalidTeamIds,
  onEdit,
  onTogglePublished,
  onDelete,
  deletable,
  onHistory,
  onMarks,
  gridRef,
}: ResultEntryGridProps) {
  const widths = rows.some((r) => r.publicResultText !== null)
    ? RESULT_COLUMN_WIDTHS.map((w, col) => (col === PUBLISHED_COL ? PENDING_PUBLISHED_WIDTH : w))
    : RESULT_COLUMN_WIDTHS;
  const label = (value: string) => scoreTypes.find((t) => t.value === value)?.label ?? value;
  const data: GridRow[] = rows.map((row) => ({
    teamName: row.teamName,
    scoreType: label(row.scoreType),
    timeCap: row.timeCapText ?? NO_CAP,
    result: changes[row.teamId] ?? row.resultText,
    score: row.score === null ? '' : String(row.score),
    rank: row.rank === null ? '' : String(row.rank),
    published: publishedLabel(row),
    actions: '',
    marks: marksText(row),
  }));

  const afterChange = (cellChanges: CellChange[] | null, source: ChangeSource) => {
    if (!cellChanges || source === 'loadData' || source === 'updateData') return;
    const edits = cellChanges.flatMap(([rowIndex, prop, before, after]) => {
      const row = rows[rowIndex];
      if (!row || prop !== 'result' || before === after) return [];
      return [{ teamId: row.teamId, text: after === null || after === undefined ? '' : String(after) }];
    });
    if (edits.length > 0) onEdit(edits);
  };

  const afterOnCellMouseDown = (event: MouseEvent, coords: { row: number | null; col: number | null }) => {
    const row = coords.row !== null && coords.row >= 0 ? rows[coords.row] : undefined;
    if (!row) return;
    if (coords.col === PUBLISHED_COL && row.id && onTogglePublished) onTogglePublished(row);
    if (coords.col === ACTIONS_COL && clickedAction(event) === 'delete' && deletable(row)) onDelete(row);
    if (coords.col === ACTIONS_COL && clickedAction(event) === 'history' && row.id) onHistory(row);
    if (coords.col === ACTIONS_COL && clickedAction(event) === 'marks' && row.id) onMarks(row);
  };

  const cells = (rowIndex: number, col: number): Partial<CellProperties> => {
    const row = rows[rowIndex];
    if (!row) return {};
    const modified = changes[row.teamId] !== undefined;
    const invalid = col === RESULT_COL && invalidTeamIds.has(row.teamId);
    const classes = [modified && 'row-modified', invalid && 'cell-invalid', col === PUBLISHED_COL && row.id && onTogglePublished && 'cell-clickable'];
    return { className: classes.filter(Boolean).join(' ') };
  };

  return (
    <div className={HOT_THEME}>
      <HotTable
        ref={gridRef}
        licenseKey={HOT_LICENSE_KEY}
        themeName={HOT_THEME}
        injectCoreCss={HOT_INJECT_CORE_CSS}
        data={data}
        colHeaders={['Team Name', 'Score Type', 'Time Cap', resultColumnHeader(rows[0]?.scoreType), 'Score', 'Rank', 'Published', 'Actions', 'Marks']}
        colWidths={widths}
        columns={[
          { data: 'teamName', readOnly: true },
          { data: 'scoreType', readOnly: true },
          { data: 'timeCap', readOnly: true },
          { data: 'result', type: 'text' },
          { data: 'score', readOnly: true },
          { data: 'rank', readOnly: true },
          { data: 'published', readOnly: true },
          {
            data: 'actions',
            readOnly: true,
            renderer: (instance, td, row, col, prop, value, props) => {
              textRenderer(instance, td, row, col, prop, value, props);
              const result = rows[row];
              renderCellButtons(td, [
                ...(result?.id ? [{ action: 'history', label: 'History' } as const, { action: 'marks', label: 'Marks' } as const] : []),
                ...(result && deletable(result) ? [{ action: 'delete', label: 'Delete', tone: 'danger' } as const] : []),
              ]);
            },
          },
          // After the actions, so the columns before keep their places.
          { data: 'marks', readOnly: true },
        ]}
        cells={cells}
        rowHeaders={false}
        height="auto"
        tabNavigation
        autoWrapRow
        enterMoves={{ row: 1, col: 0 }}
        afterChange={afterChange}
        afterOnCellMouseDown={afterOnCellMouseDown}
      />
    </div>
  );
}
