import type { RotationSlot } from '../api/volunteer';
import { needsCredential, rotationGrid } from './crew';

const slot = (heatId: string, lane: number, over: Partial<RotationSlot> = {}): RotationSlot => ({
  heatId,
  workoutId: 'w1',
  workoutName: 'Fran',
  heatNumber: heatId === 'h1' ? 1 : 2,
  startsAt: '2026-06-01T09:00:00Z',
  lane,
  teamName: '',
  volunteerId: '',
  judgeName: '',
  gap: '',
  ...over,
});

describe('rotationGrid', () => {
  it('keeps the heats in the order given and lists every lane once, head judge first', () => {
    const grid = rotationGrid([slot('h2', 2), slot('h2', 0), slot('h1', 1), slot('h1', 3, { judgeName: 'Ann' })]);
    expect(grid.heats.map((h) => h.heatId)).toEqual(['h2', 'h1']);
    expect(grid.lanes).toEqual([0, 1, 2, 3]);
    expect(grid.heats[1]?.places.get(3)?.judgeName).toBe('Ann');
    expect(grid.heats[1]?.places.get(2)).toBeUndefined();
  });
});

describe('needsCredential', () => {
  it('asks judges and head judges for a credential, nobody else', () => {
    expect(needsCredential(['scorer', 'head_judge'])).toBe(true);
    expect(needsCredential(['judge'])).toBe(true);
    expect(needsCredential(['scorer', 'medical'])).toBe(false);
  });
});
