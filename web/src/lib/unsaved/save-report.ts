// What one save did, row by row: the console never says "saved" for a row the server refused.
export type SaveFailure = { label: string; message: string };
// unchanged: rows the server stored as they already were (the same value typed again), so the
// console never says "Saved" for a save that changed nothing.
export type SaveReport = { saved: string[]; failed: SaveFailure[]; unchanged?: string[] };

export const emptyReport = (): SaveReport => ({ saved: [], failed: [] });
