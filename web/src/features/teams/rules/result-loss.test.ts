import { describe, expect, it } from 'vitest';
import { deleteTeamConfirm, moveTeamConfirm, resultCount } from './result-loss';

describe('what a delete or a move does to results', () => {
  it('counts results in words', () => {
    expect(resultCount(1)).toBe('1 result');
    expect(resultCount(3)).toBe('3 results');
  });

  it('says how many draft results a delete takes, and nothing when there are none', () => {
    expect(deleteTeamConfirm('Delta Crew', 0)).toBe('Delete team Delta Crew? This cannot be undone.');
    expect(deleteTeamConfirm('Delta Crew', 2)).toBe('Delete team Delta Crew? Its 2 results (draft) will be deleted too. This cannot be undone.');
  });

  it('says how many results a move deletes', () => {
    expect(moveTeamConfirm('Alpha', 'Elite', 'Scaled', 1)).toBe(
      'Move team Alpha from Elite to Scaled? Its 1 result will be deleted, because results count in the division they were entered for. This cannot be undone.',
    );
  });
});
