import { describe, expect, it } from 'vitest';
import { byName, byWorkoutOrder } from './order';

// Workouts as the console sees them (workoutOrder).
const positions = [
  { name: 'C', position: null },
  { name: 'B', position: 2 },
  { name: 'A', position: 2 },
  { name: 'D', position: 1 },
];
const names = (items: readonly { name: string }[]) => items.map((x) => x.name);

describe('workout order', () => {
  it('orders console workouts by workoutOrder (missing last), then name', () => {
    expect(names(positions.map((p) => ({ name: p.name, workoutOrder: p.position })).sort(byWorkoutOrder))).toEqual(['D', 'A', 'B', 'C']);
  });

  it('orders by name', () => {
    expect(names([{ name: 'b' }, { name: 'A' }, { name: 'a' }].sort(byName))).toEqual(['a', 'A', 'b']);
  });
});
