// The judge's scores on the phone (docs/judging.md): every score is written to IndexedDB
// before anything else happens, and stays there until the server has it, so a reload, a
// closed tab or a dropped network loses nothing. Once the server has answered a score, it is
// deleted: the phone keeps only what still needs the network or the judge.
import type { JudgeScoreInput } from '@/lib/api/types';

/** Where a score is: waiting to send, refused (with the server's words), or in conflict with a
 * value the server holds that the judge never saw. */
export type ScoreState = 'queued' | 'refused' | 'conflict';

export type StoredScore = {
  clientId: string;
  /** Order of entry: scores send oldest first. */
  seq: number;
  /** Whose queue the score is in: a judge link's session id, or consoleQueue(username) for a
   * score of the signed-in staff screen. */
  linkKey: string;
  /** A judge link's token, so a score outlives a newer card scanned on the phone. A staff
   * score has none: it goes with the console session of the moment it is sent. */
  token?: string;
  /** A staff score's event and workout: where to read the lane's value in a conflict. */
  eventId?: string;
  workoutId?: string;
  heatId: string;
  heatNumber: number;
  lane: number;
  teamName: string;
  /** The score as the judge typed it ('7:34', 'CAP +15'). */
  text: string;
  input: JudgeScoreInput;
  state: ScoreState;
  /** The server's refusal, or in a conflict its words. */
  message?: string;
  /** In a conflict, the value the server holds, when the phone read it. */
  serverText?: string;
};

/** The queue of a signed-in user's staff screen: one per user, so a score never goes with
 * another user's session. */
export const consoleQueue = (username: string) => `console:${username}`;

const DB = 'podium-judge';
const STORE = 'scores';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'clientId' });
      store.createIndex('linkKey', 'linkKey');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
  });
}

let db: Promise<IDBDatabase> | null = null;
const database = () => (db ??= open());

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return database().then(
    (d) =>
      new Promise<T>((resolve, reject) => {
        const tx = d.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        // Resolved once the transaction is durable, not when the request alone succeeds.
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('The score could not be stored on this phone'));
        tx.onabort = () => reject(tx.error ?? new Error('The score could not be stored on this phone'));
      }),
  );
}

const oldestFirst = (all: StoredScore[]) => all.sort((a, b) => a.seq - b.seq);

/** Every score of a queue, oldest first. */
export const loadScores = (linkKey: string): Promise<StoredScore[]> =>
  run('readonly', (s) => s.index('linkKey').getAll(linkKey) as IDBRequest<StoredScore[]>).then(oldestFirst);

/** Every score of the phone still waiting to send that `mine` takes, oldest first. */
export const loadQueued = (mine: (s: StoredScore) => boolean): Promise<StoredScore[]> =>
  run('readonly', (s) => s.getAll() as IDBRequest<StoredScore[]>).then((all) => oldestFirst(all).filter((x) => x.state === 'queued' && mine(x)));

export const putScore = (score: StoredScore): Promise<unknown> => run('readwrite', (s) => s.put(score));

export const deleteScore = (clientId: string): Promise<unknown> => run('readwrite', (s) => s.delete(clientId));

/** Deletes the answered scores an earlier version of the screen kept (as 'sent'). */
export const dropAnswered = (): Promise<unknown> =>
  run('readwrite', (s) => {
    const req = s.openCursor();
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) return;
      if ((cursor.value as { state: string }).state === 'sent') cursor.delete();
      cursor.continue();
    };
    return req;
  });
