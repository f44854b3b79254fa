// The judge's queue (docs/judging.md): a score is written to IndexedDB first, then sent, oldest
// first, one at a time, whenever the network is there (at once, when the browser says it is
// back online, and every few seconds while anything waits). Sending again is safe: the server
// answers a client id it has seen with the stored result. An answered score is deleted from the
// phone; the screen remembers the answer for as long as it is open.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api/client';
import type { Result } from '@/lib/api/types';
import { LINK_ENDED } from '../api/judge-sheet';
import { deleteScore, dropAnswered, loadQueued, loadScores, putScore, type StoredScore } from '../api/score-store';

const RETRY_MS = 5_000;

/** A network failure, a timeout or a server that is down for the moment: try again later. */
const later = (e: unknown) => !(e instanceof ApiError) || e.status === 0 || e.status === 502 || e.status === 503 || e.status === 504;

/** Why the scores still wait, in words (the browser's own says "Failed to fetch"). */
const waitText = (e: unknown) =>
  e instanceof ApiError && e.status === 0 ? `No connection to the server (${e.message}).` : e instanceof Error ? e.message : 'The server did not answer.';

/** How a screen sends its scores: a judge link's with the link's token, the staff screen's with
 * the console session of the moment. */
export type ScoreSender = {
  /** The waiting scores this screen sends. */
  mine: (s: StoredScore) => boolean;
  send: (s: StoredScore) => Promise<Result>;
  /** A 401: a link that ended can never send the score ('refuse'); a console session that ended
   * leaves it waiting for the next sign-in ('wait'), which comes back to this screen. */
  unauthorized: 'refuse' | 'wait';
  /** In a conflict, the lane's value on the server now, when the screen has no copy that says. */
  serverText?: (s: StoredScore) => Promise<string>;
};

// "All sent" needs a score the server answered, and the answered scores are deleted: the queue
// remembers that one was, so a reload still says it.
const sentKey = (queueKey: string) => `podium.judgeQueue.sent.${queueKey}`;
const markSent = (queueKey: string) => localStorage.setItem(sentKey(queueKey), '1');
const everSent = (queueKey: string) => localStorage.getItem(sentKey(queueKey)) === '1';

export function useScoreQueue(
  queueKey: string,
  sender: ScoreSender,
  { onSent, onConflict, onEnded }: { onSent: (r: Result) => void; onConflict: () => void; onEnded: () => void },
) {
  const [scores, setScores] = useState<StoredScore[]>([]);
  /** The phone's scores have been read: before that an empty list says nothing. */
  const [loaded, setLoaded] = useState(false);
  const [storeError, setStoreError] = useState<string | null>(null);
  const [sent, setSent] = useState(() => everSent(queueKey));
  /** The answers of the scores sent since the screen opened, by client id. */
  const [answers, setAnswers] = useState<Record<string, Result>>({});
  /** Why the last try to send stopped, while the scores wait (they go in order: one that
   * cannot go holds back those after it). */
  const [stalled, setStalled] = useState<string | null>(null);
  const sending = useRef(false);
  const current = useRef({ sender, onSent, onConflict, onEnded });
  current.current = { sender, onSent, onConflict, onEnded };

  const reload = useCallback(
    () =>
      loadScores(queueKey).then(
        (list) => {
          setScores(list);
          setLoaded(true);
        },
        (e: unknown) => setStoreError(e instanceof Error ? e.message : 'This phone cannot keep scores'),
      ),
    [queueKey],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    const { sender: s, onSent: sentTo, onConflict: conflicted, onEnded: ended } = current.current;
    try {
      for (;;) {
        const next = (await loadQueued(s.mine))[0];
        if (!next) break;
        try {
          const result = await s.send(next);
          await deleteScore(next.clientId);
          markSent(next.linkKey);
          if (next.linkKey === queueKey) setSent(true);
          setAnswers((a) => ({ ...a, [next.clientId]: result }));
          setStalled(null);
          sentTo(result); // the screen's copy holds the lane's new value: read it again
        } catch (e) {
          if (later(e)) {
            setStalled(waitText(e));
            break;
          }
          const err = e as ApiError;
          if (err.status === 401 && s.unauthorized === 'wait') {
            // Signed out: the app goes to the sign-in; the scores wait for the session after it.
            setStalled(waitText(e));
            break;
          }
          if (err.status === 401) {
            // The link ended: this score can never go with its token. It stays on the phone, marked.
            await putScore({ ...next, state: 'refused', message: LINK_ENDED });
            if (next.linkKey === queueKey) ended();
          } else if (err.status === 409 && err.field === 'basedOn') {
            let serverText: string | undefined;
            try {
              serverText = await s.serverText?.(next);
            } catch (readErr) {
              // Both values must be on screen before the judge chooses: try again later.
              setStalled(waitText(readErr));
              break;
            }
            await putScore({ ...next, state: 'conflict', message: err.message, serverText });
            conflicted();
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
  }, [queueKey, reload]);

  useEffect(() => {
    void dropAnswered()
      .catch(() => undefined) // a store that cannot open: reload says so
      .then(reload)
      .then(flush);
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
    setStalled(null); // sending it is the next try
    await reload();
    void flush();
  };

  /** A conflict: the judge keeps their value, now knowing the server's. */
  const keepMine = async (score: StoredScore, serverText: string) => {
    await putScore({ ...score, state: 'queued', message: undefined, serverText: undefined, input: { ...score.input, basedOn: serverText } });
    await reload();
    void flush();
  };

  /** A conflict or a refusal: the judge lets the server's value stand. */
  const dismiss = async (score: StoredScore) => {
    await deleteScore(score.clientId);
    await reload();
  };

  /** Sends the waiting scores now (the judge's Retry). */
  const retry = () => {
    setStalled(null);
    void flush();
  };

  return { scores, storeError, sent: loaded && sent, answers, stalled, enqueue, keepMine, dismiss, retry };
}
