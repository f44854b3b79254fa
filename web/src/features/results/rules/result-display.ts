// A saved result's text comes from the server (resultText, docs/architecture.md) and is shown
// as it comes; the grid's parser (result-input.ts) reads that text back unchanged.
import type { ScoreType } from '@/lib/api/types';

export function resultColumnHeader(scoreType: ScoreType | undefined): string {
  return scoreType === 'TIME' ? 'Result (MM:SS)' : 'Result';
}
