// Official means checked (docs/result-invariants.md, "Pending changes"): an edit of a published
// result is a pending change, a draft for the grid and the matrix, while the public keeps the
// published value (publicResultText) until someone who may publish publishes it.
import type { Result } from '@/lib/api/types';

/** The public sees the result: published, or published with a change pending. */
export const isVisible = (row: Result): boolean => row.isPublished || row.publicResultText !== null;

/** The Published column: '✅ Public', '⚠️ Draft', or a pending change with both values. */
export function publishedLabel(row: Result): string {
  if (!row.id) return '—';
  if (row.isPublished) return '✅ Public';
  if (row.publicResultText !== null) return `⚠️ Draft: ${row.publicResultText} public → ${row.resultText} pending`;
  return '⚠️ Draft';
}

/** A result the public sees is deleted only by those who may publish (the server says 403 otherwise). */
export const mayDelete = (row: Result, canPublish: boolean): boolean => canPublish || !isVisible(row);
