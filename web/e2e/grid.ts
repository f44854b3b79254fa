import type { Page } from 'playwright-core';

/** Types into the handsontable cell at (row, col) of the page's grid and confirms with Enter. */
export async function typeInCell(page: Page, row: number, col: number, text: string): Promise<void> {
  const cell = page.locator('.ht_master table.htCore tbody tr').nth(row).locator('td').nth(col);
  await cell.dblclick();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}
