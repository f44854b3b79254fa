// The judge's scores on the phone (docs/judging.md): every score is written to IndexedDB
// before anything else happens, and stays there until the server has it, so a reload, a
// closed tab or a dropped network loses nothing.
import type { JudgeScoreInput } from '@/lib/api/types';

/** Where a score is: waiting to send, sent (the server has it), refused (with the server's
 * words), or in conflict with a value the server holds that the judge never saw. */
export type ScoreState = 'queued' | 'sent' | 'refused' | 'conflict';

export type StoredScore = {
  clientId: string;
  /** Order of entry: scores send oldest first. */
  seq: number;
  /** The link's session and token, so a score outlives a newer card scanned on the phone. */
  linkKey: string;
  token: string;
  heatId: string;
  heatNumber: number;
  lane: number;
  teamName: string;
  /** The score as the judge typed it ('7:34', 'CAP +15'). */
  text: string;
  input: JudgeScoreInput;
  state: ScoreState;
  /** The server's refusal, or in a conflict the value it holds. */
  message?: string;
  serverText?: string;
};

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

/** Every score of a link, oldest first. */
export const loadScores = (linkKey: string): Promise<StoredScore[]> =>
  run('readonly', (s) => s.index('linkKey').getAll(linkKey) as IDBRequest<StoredScore[]>).then((all) => all.sort((a, b) => a.seq - b.seq));

/** Every score of the phone still waiting to send, whatever its link, oldest first. */
export const loadQueued = (): Promise<StoredScore[]> =>
  run('readonly', (s) => s.getAll() as IDBRequest<StoredScore[]>).then((all) => all.filter((x) => x.state === 'queued').sort((a, b) => a.seq - b.seq));

export const putScore = (score: StoredScore): Promise<unknown> => run('readwrite', (s) => s.put(score));

export const deleteScore = (clientId: string): Promise<unknown> => run('readwrite', (s) => s.delete(clientId));
