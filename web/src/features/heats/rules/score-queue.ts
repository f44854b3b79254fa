// The judge's queue of scores (docs/judging.md), as the screen tells it: what waits, what the
// server refused, whether all is sent, and what the lane's value was as the phone knew it.
import type { StoredScore } from '../api/score-store';
import { i18n } from '@/lib/i18n/i18n';


/** One line for the top of the screen: "3 scores waiting to send", "All sent". `sent`: the
 * server has answered a score of this queue (answered scores leave the phone, so an empty queue
 * alone says nothing). */
export function queueSummary(list: StoredScore[], sent: boolean): { text: string; tone: 'waiting' | 'attention' | 'done' | 'none' } {
  const waiting = list.filter((s) => s.state === 'queued').length;
  const attention = list.filter((s) => s.state === 'refused' || s.state === 'conflict').length;
  if (waiting > 0) return { text: i18n.t('judge:queue.waitingCount', { count: waiting }), tone: 'waiting' };
  if (attention > 0) return { text: i18n.t('judge:queue.attentionCount', { count: attention }), tone: 'attention' };
  if (sent) return { text: i18n.t('judge:queue.allSent'), tone: 'done' };
  return { text: '', tone: 'none' };
}

/** The newest score of a lane still waiting to send. */
export function waitingForLane(list: StoredScore[], heatId: string, lane: number): StoredScore | undefined {
  return list.filter((s) => s.heatId === heatId && s.lane === lane && s.state === 'queued').at(-1);
}

/** What a lane's button in a lane list says: a score of the phone that needs the judge first (a
 * conflict or a refusal, told below the list in "Scores on this phone"), then one waiting to
 * send, then the server's entered result, else nothing. A lane is never "✓ entered" while the
 * phone holds a choice for it. */
export type LaneMark = { tone: 'attention' | 'waiting' | 'entered' | 'none'; text: string; label: string };

export function laneMark(list: StoredScore[], heatId: string, lane: number, entered: boolean, serverText = ''): LaneMark {
  const mine = list.filter((s) => s.heatId === heatId && s.lane === lane);
  const attention = mine.filter((s) => s.state === 'conflict' || s.state === 'refused').at(-1);
  if (attention) {
    return { tone: 'attention', text: attention.text, label: attention.state === 'conflict' ? i18n.t('judge:mark.conflict') : i18n.t('judge:mark.notSaved') };
  }
  const waiting = waitingForLane(list, heatId, lane);
  if (waiting) return { tone: 'waiting', text: waiting.text, label: i18n.t('judge:mark.waiting') };
  if (entered) return { tone: 'entered', text: serverText, label: i18n.t('judge:mark.entered') };
  return { tone: 'none', text: '', label: '' };
}

/** The lane's value as the phone knows it: its own newest score still waiting, else the
 * server's (the sheet is read again after every score sent). A new score is sent as based on
 * it, so the server refuses to overwrite anything the judge never saw. */
export function knownValue(list: StoredScore[], heatId: string, lane: number, serverText: string): string {
  return waitingForLane(list, heatId, lane)?.text ?? serverText;
}

/** Where a score is, in words. */
export function stateText(s: StoredScore): string {
  switch (s.state) {
    case 'queued':
      return i18n.t('judge:queue.stateQueued');
    case 'refused':
      return i18n.t('judge:queue.stateRefused', { message: s.message ?? i18n.t('judge:queue.refusedByServer') });
    case 'conflict':
      return i18n.t('judge:queue.stateConflict');
  }
}
