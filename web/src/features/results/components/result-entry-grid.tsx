import { scoreTypeWord } from '@/lib/i18n/words';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type { RefObject } from 'react';
import type { CellChange, CellProperties, ChangeSource, ColumnSettings } from 'handsontable/settings';
import { textRenderer } from 'handsontable/renderers';
import { useMediaQuery } from '@/components/use-media-query';
import { clickedAction, HOT_INJECT_CORE_CSS, HOT_LICENSE_KEY, HOT_THEME, renderCellButtons } from '@/lib/handsontable';
import type { Result } from '@/lib/api/types';
import { NO_CAP } from '@/lib/time';
import type { CellEdit } from '../hooks/use-pending-changes';
import type { PendingChanges } from '../rules/pending-changes';
import { marksText } from '../rules/marks';
import { publishedLabel } from '../rules/publication';
import { resultColumnHeader } from '../rules/result-display';
import { NARROW_GRID_QUERY, resultGridLayout, type ResultColumn } from '../rules/result-grid-layout';

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
  const layout = resultGridLayout(useMediaQuery(NARROW_GRID_QUERY), rows.some((r) => r.publicResultText !== null));
  const columnAt = (col: number | null): ResultColumn | undefined => (col === null ? undefined : layout.columns[col]);
  const label = (value: string) => scoreTypeWord(value);
  const data: GridRow[] = rows.map((row) => {
    const score = row.score === null ? '' : String(row.score);
    const marks = marksText(row);
    return {
      teamName: row.teamName,
      scoreType: label(row.scoreType),
      timeCap: row.timeCapText ?? NO_CAP,
      result: changes[row.teamId] ?? row.resultText,
      score: layout.marksUnderScore && marks ? `${score}\n${marks}` : score,
      rank: row.rank === null ? '' : String(row.rank),
      published: publishedLabel(row),
      actions: '',
      marks,
    };
  });

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
    const column = columnAt(coords.col);
    if (column === 'published' && row.id && onTogglePublished) onTogglePublished(row);
    if (column !== 'actions') return;
    const action = clickedAction(event);
    if (action === 'delete' && deletable(row)) onDelete(row);
    if (action === 'history' && row.id) onHistory(row);
    if (action === 'marks' && row.id) onMarks(row);
  };

  const cells = (rowIndex: number, col: number): Partial<CellProperties> => {
    const row = rows[rowIndex];
    if (!row) return {};
    const column = columnAt(col);
    const modified = changes[row.teamId] !== undefined;
    const invalid = column === 'result' && invalidTeamIds.has(row.teamId);
    const classes = [
      modified && 'row-modified',
      invalid && 'cell-invalid',
      column === 'published' && row.id && onTogglePublished && 'cell-clickable',
      column === 'actions' && layout.stackedButtons && 'cell-buttons-stacked',
    ];
    return { className: classes.filter(Boolean).join(' ') };
  };

  const headers: Record<ResultColumn, string> = {
    teamName: 'Team Name',
    scoreType: 'Score Type',
    timeCap: 'Time Cap',
    result: resultColumnHeader(rows[0]?.scoreType),
    score: 'Score',
    rank: 'Rank',
    published: 'Published',
    actions: 'Actions',
    marks: 'Marks',
  };
  const settings = (column: ResultColumn): ColumnSettings => {
    if (column === 'result') return { data: column, type: 'text' };
    if (column !== 'actions') return { data: column, readOnly: true };
    return {
      data: column,
      readOnly: true,
      renderer: (instance, td, row, col, prop, value, props) => {
        textRenderer(instance, td, row, col, prop, value, props);
        const result = rows[row];
        renderCellButtons(td, [
          ...(result?.id ? [{ action: 'history', label: 'History' } as const, { action: 'marks', label: 'Marks' } as const] : []),
          ...(result && deletable(result) ? [{ action: 'delete', label: 'Delete', tone: 'danger' } as const] : []),
        ]);
      },
    };
  };

  return (
    <div className={HOT_THEME}>
      <HotTable
        ref={gridRef}
        licenseKey={HOT_LICENSE_KEY}
        themeName={HOT_THEME}
        injectCoreCss={HOT_INJECT_CORE_CSS}
        data={data}
        colHeaders={layout.columns.map((c) => headers[c])}
        colWidths={[...layout.widths]}
        columns={layout.columns.map(settings)}
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
