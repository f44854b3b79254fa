// The judge's queue (docs/judging.md): a score is written to IndexedDB first, then sent, oldest
// first, one at a time, whenever the network is there (at once, when the browser says it is
// back online, and every few seconds while anything waits). Sending again is safe: the server
// answers a client id it has seen with the stored result.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api/client';
import { LINK_ENDED, sendJudgeScore } from '../api/judge-sheet';
import { deleteScore, loadQueued, loadScores, putScore, type StoredScore } from '../api/score-store';

const RETRY_MS = 5_000;

/** A network failure, a timeout or a server that is down for the moment: try again later. */
const later = (e: unknown) => !(e instanceof ApiError) || e.status === 0 || e.status === 502 || e.status === 503 || e.status === 504;

export function useScoreQueue(
  linkKey: string,
  { onSent, onConflict, onEnded }: { onSent: () => void; onConflict: () => void; onEnded: () => void },
) {
  const [scores, setScores] = useState<StoredScore[]>([]);
  const [storeError, setStoreError] = useState<string | null>(null);
  const sending = useRef(false);
  const handlers = useRef({ onSent, onConflict, onEnded });
  handlers.current = { onSent, onConflict, onEnded };

  const reload = useCallback(
    () =>
      loadScores(linkKey).then(setScores, (e: unknown) => setStoreError(e instanceof Error ? e.message : 'This phone cannot keep scores')),
    [linkKey],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const next = (await loadQueued())[0];
        if (!next) break;
        try {
          await sendJudgeScore(next.token, next.heatId, next.lane, next.input);
          await putScore({ ...next, state: 'sent', message: undefined });
          handlers.current.onSent(); // the sheet holds the lane's new value: read it again
        } catch (e) {
          if (later(e)) break;
          const err = e as ApiError;
          if (err.status === 401) {
            // The link ended: this score can never go with its token. It stays on the phone, marked.
            await putScore({ ...next, state: 'refused', message: LINK_ENDED });
            if (next.linkKey === linkKey) handlers.current.onEnded();
          } else if (err.status === 409 && err.field === 'basedOn') {
            await putScore({ ...next, state: 'conflict', message: err.message });
            handlers.current.onConflict();
          } else {
            await putScore({ ...next, state: 'refused', message: err.message });
          }
        }
        await reload();
      }
    } finally {
      sending.current = false;
      await reload();
    }
  }, [linkKey, reload]);

  useEffect(() => {
    void reload().then(flush);
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [reload, flush]);

  /** Keeps a score: stored on the phone first, then sent when it can be. */
  const enqueue = async (score: StoredScore) => {
    await putScore(score);
    await reload();
    void flush();
  };

  /** A conflict: the judge keeps their value, now knowing the server's. */
  const keepMine = async (score: StoredScore, serverText: string) => {
    await putScore({ ...score, state: 'queued', message: undefined, input: { ...score.input, basedOn: serverText } });
    await reload();
    void flush();
  };

  /** A conflict or a refusal: the judge lets the server's value stand. */
  const dismiss = async (score: StoredScore) => {
    await deleteScore(score.clientId);
    await reload();
  };

  return { scores, storeError, enqueue, keepMine, dismiss };
}
