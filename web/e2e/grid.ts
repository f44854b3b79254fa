import type { Page } from 'playwright-core';

/** The handsontable cell at (row, col) of the page's grid. */
export const gridCell = (page: Page, row: number, col: number) => page.locator('.ht_master table.htCore tbody tr').nth(row).locator('td').nth(col);

/** Types into the cell at (row, col) of the page's grid and, unless `commit` is false, confirms with Enter. */
export async function typeInCell(page: Page, row: number, col: number, text: string, commit = true): Promise<void> {
  await gridCell(page, row, col).dblclick();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  if (commit) await page.keyboard.press('Enter');
}
