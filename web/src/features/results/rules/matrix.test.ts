import { describe, expect, it } from 'vitest';
import { cellState, divisionPublished, findCell } from './matrix';

describe('matrix cell state', () => {
  it('is green only when all teams have published results', () => {
    expect(cellState({ totalTeams: 3, entered: 3, published: 3 })).toEqual({
      missing: 0,
      unpublished: 0,
      complete: true,
      canPublish: false,
      canUnpublish: true,
    });
    expect(cellState({ totalTeams: 3, entered: 3, published: 2 }).complete).toBe(false);
    expect(cellState({ totalTeams: 3, entered: 2, published: 2 }).complete).toBe(false);
    expect(cellState({ totalTeams: 0, entered: 0, published: 0 }).complete).toBe(false);
  });

  it('offers Publish while unpublished results remain and Unpublish when all are published', () => {
    expect(cellState({ totalTeams: 3, entered: 2, published: 1 })).toMatchObject({ missing: 1, unpublished: 1, canPublish: true, canUnpublish: false });
    expect(cellState({ totalTeams: 3, entered: 0, published: 0 })).toMatchObject({ canPublish: false, canUnpublish: false });
  });

  it('finds cells and sums a division', () => {
    const cells = [
      { divisionId: 'd', workoutId: 'a', totalTeams: 2, entered: 2, published: 1, resultIds: [] },
      { divisionId: 'd', workoutId: 'b', totalTeams: 2, entered: 1, published: 1, resultIds: [] },
    ];
    expect(findCell(cells, 'd', 'b').entered).toBe(1);
    expect(findCell(cells, 'x', 'b').totalTeams).toBe(0);
    expect(divisionPublished(cells, 'd')).toEqual({ published: 2, total: 4 });
  });
});
