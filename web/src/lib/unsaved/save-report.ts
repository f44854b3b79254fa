// What one save did, row by row: the console never says "saved" for a row the server refused.
export type SaveFailure = { label: string; message: string };
export type SaveReport = { saved: string[]; failed: SaveFailure[] };

export const emptyReport = (): SaveReport => ({ saved: [], failed: [] });
