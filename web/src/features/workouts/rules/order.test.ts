import { describe, expect, it } from 'vitest';
import { byWorkoutOrder } from './order';

describe('workout order', () => {
  it('orders workouts by workoutOrder (missing last), then name', () => {
    const workouts = [
      { name: 'C', workoutOrder: null },
      { name: 'B', workoutOrder: 2 },
      { name: 'A', workoutOrder: 2 },
      { name: 'D', workoutOrder: 1 },
    ];
    expect(workouts.sort(byWorkoutOrder).map((w) => w.name)).toEqual(['D', 'A', 'B', 'C']);
  });
});
