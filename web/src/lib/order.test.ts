import { describe, expect, it } from 'vitest';
import { byName, byWorkoutOrder, sortByOrder } from './order';

describe('workout order', () => {
  it('sorts public workouts by orderIndex (missing last), then name', () => {
    const w = [
      { name: 'C', orderIndex: null },
      { name: 'B', orderIndex: 2 },
      { name: 'A', orderIndex: 2 },
      { name: 'D', orderIndex: 1 },
    ];
    expect(sortByOrder(w).map((x) => x.name)).toEqual(['D', 'A', 'B', 'C']);
  });

  it('orders console workouts by workoutOrder (missing last), then name', () => {
    const w = [
      { name: 'C', workoutOrder: null },
      { name: 'B', workoutOrder: 2 },
      { name: 'A', workoutOrder: 2 },
      { name: 'D', workoutOrder: 1 },
    ];
    expect([...w].sort(byWorkoutOrder).map((x) => x.name)).toEqual(['D', 'A', 'B', 'C']);
  });

  it('orders by name', () => {
    expect([{ name: 'b' }, { name: 'A' }, { name: 'a' }].sort(byName).map((x) => x.name)).toEqual(['a', 'A', 'b']);
  });
});
