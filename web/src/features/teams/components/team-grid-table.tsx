import { HotTable } from '@handsontable/react-wrapper';
import { textRenderer } from 'handsontable/renderers';
import type { CellChange, CellProperties, ChangeSource } from 'handsontable/settings';
import type { Dispatch, SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import { clickedAction, HOT_INJECT_CORE_CSS, HOT_LICENSE_KEY, HOT_THEME, renderCellButtons } from '@/lib/handsontable';
import { athleteFields, cellValue, editRow, gridHeight, isLocked, lockedLabel, withRowsUpTo, type GridField, type GridRow, type RowErrors } from '../rules/grid-rows';

type Props = {
  /** The division's athletes per team: one column each (an individual's name is the athlete). */
  size: number;
  rows: GridRow[];
  setRows: Dispatch<SetStateAction<GridRow[]>>;
  errors: RowErrors[];
  /** Delete a saved team (the row's Delete button); the editor confirms and calls the server. */
  onDelete: (row: GridRow) => void;
};

/**
 * The spreadsheet of a division's teams: typing edits rows, locked rows (final results) are
 * read-only, invalid cells are marked, and each row's buttons view, delete or remove it.
 */
export function TeamGridTable({ size, rows, setRows, errors, onDelete }: Props) {
  const navigate = useNavigate();
  const FIELDS: GridField[] = ['name', ...athleteFields(size)];
  const STATUS_COL = FIELDS.length;
  const ACTIONS_COL = STATUS_COL + 1;

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
    if (action === 'delete' && row.id) onDelete(row);
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
    return { readOnly: isLocked(row) || col >= STATUS_COL, className: classes.filter(Boolean).join(' ') };
  };

  const data = rows.map((row) => ({
    ...Object.fromEntries(FIELDS.map((field) => [field, cellValue(row, field)])),
    status: isLocked(row) ? lockedLabel(row.finalResultsCount) : 'Editable',
    actions: '',
  }));
  const headers = size <= 1 ? ['Athlete Name'] : ['Team Name', ...FIELDS.slice(1).map((_, i) => `Athlete ${i + 1} Name`)];
  const nameWidth = size > 2 ? 180 : 220;

  return (
    <div className={HOT_THEME}>
      <HotTable
        licenseKey={HOT_LICENSE_KEY}
        themeName={HOT_THEME}
        injectCoreCss={HOT_INJECT_CORE_CSS}
        data={data}
        colHeaders={[...headers, 'Status', 'Actions']}
        colWidths={[260, ...FIELDS.slice(1).map(() => nameWidth), 160, 160]}
        columns={[
          ...FIELDS.map((field) => ({ data: field, type: 'text' })),
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
  );
}
