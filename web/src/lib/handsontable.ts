// Handsontable setup shared by the two spreadsheet screens. Only the modules those grids use
// are registered (never registerAllModules), so the rest stays out of the bundle.
import { registerCellType, TextCellType } from 'handsontable/cellTypes';
import { CopyPaste, registerPlugin } from 'handsontable/plugins';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';

registerCellType(TextCellType);
registerPlugin(CopyPaste);

export const HOT_LICENSE_KEY: string = import.meta.env.VITE_HANDSONTABLE_LICENSE_KEY || 'non-commercial-and-evaluation';
export const HOT_THEME = 'ht-theme-main';
/** The core CSS is imported above; injecting it again as a <style> element breaks the gateway's CSP. */
export const HOT_INJECT_CORE_CSS = false;

/** Replaces a cell's content with a row of small buttons; the grid's mouse-down hook handles clicks. */
export function renderCellButtons(td: HTMLTableCellElement, buttons: { action: string; label: string; tone?: 'danger' }[]): void {
  td.replaceChildren(
    ...buttons.map(({ action, label, tone }) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.action = action;
      button.textContent = label;
      button.className = `hot-cell-button${tone === 'danger' ? ' hot-cell-button-danger' : ''}`;
      return button;
    }),
  );
}

/** The data-action of the cell button a mouse event hit, if any. */
export function clickedAction(event: MouseEvent): string | null {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-action]') : null;
  return target?.dataset.action ?? null;
}
