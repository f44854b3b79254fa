// Official means checked (docs/result-invariants.md, "Pending changes"): an edit of a published
// result is a pending change, a draft for the grid and the matrix, while the public keeps the
// published value (publicResultText) until someone who may publish publishes it.
import type { Result } from '@/lib/api/types';

/** The public sees the result: published, or published with a change pending. */
export const isVisible = (row: Result): boolean => row.isPublished || row.publicResultText !== null;

/** The Published column: '✅ Public', '⚠️ Draft', or a pending change with what it changes. */
export function publishedLabel(row: Result): string {
  if (!row.id) return '—';
  if (row.isPublished) return '✅ Public';
  if (row.publicResultText !== null) {
    const { published, pending } = pendingChange(row, row.publicResultText);
    return `⚠️ Draft: ${published} public → ${pending} pending`;
  }
  return '⚠️ Draft';
}

/** A pending change's two sides, each naming only what the change alters: the value, Rx or
 * Scaled, the penalty ("⚑ +0:30: no-rep", or "no penalty"), the tiebreak (named, not shown: the
 * grid does not show tiebreaks). A change of nothing the console knows shows the value on both
 * sides. */
function pendingChange(row: Result, publicText: string): { published: string; pending: string } {
  const sides: [string, string][] = [];
  if (publicText !== row.resultText) sides.push([publicText, row.resultText]);
  if (row.publicScaled !== row.scaled) sides.push([row.publicScaled ? 'Scaled' : 'Rx', row.scaled ? 'Scaled' : 'Rx']);
  if (row.publicPenaltyText !== row.penaltyText) {
    const penalty = (text: string) => (text ? `⚑ ${text}` : 'no penalty');
    sides.push([penalty(row.publicPenaltyText), penalty(row.penaltyText)]);
  }
  const publicTiebreak = row.publicTiebreakValue ?? null;
  const tiebreak = row.tiebreakValue ?? null;
  if (publicTiebreak !== tiebreak) {
    sides.push([publicTiebreak === null ? 'no tiebreak' : 'tiebreak', tiebreak === null ? 'no tiebreak' : publicTiebreak === null ? 'tiebreak' : 'new tiebreak']);
  }
  if (sides.length === 0) sides.push([publicText, row.resultText]);
  return { published: sides.map((s) => s[0]).join(' · '), pending: sides.map((s) => s[1]).join(' · ') };
}

/** A result the public sees is deleted only by those who may publish (the server says 403 otherwise). */
export const mayDelete = (row: Result, canPublish: boolean): boolean => canPublish || !isVisible(row);

/** What the grid says while published results have changes waiting for publication. */
export function pendingNotice(rows: readonly Result[], canPublish: boolean): string | null {
  const n = rows.filter((r) => !r.isPublished && r.publicResultText !== null).length;
  if (n === 0) return null;
  const what = n === 1 ? '1 published result has a change' : `${n} published results have changes`;
  const them = n === 1 ? 'it' : 'them';
  const next = canPublish ? `Publish to make ${them} public.` : `An organiser's publication makes ${them} public.`;
  return `${what} waiting for publication: the public sees the published value until then. ${next}`;
}

/** Said beside publication while the event is a Draft: publishing makes results official, but a
 * Draft event shows nothing to the public (its boards are a preview for those with a grant). */
export const DRAFT_EVENT_NOTICE =
  'This event is still a Draft: results you publish stay hidden from the public until the event itself is published (Event status).';

/** The Draft notice, for those who publish on a Draft event; null otherwise. */
export const draftEventNotice = (status: string | undefined, canPublish: boolean): string | null =>
  canPublish && status === 'DRAFT' ? DRAFT_EVENT_NOTICE : null;
