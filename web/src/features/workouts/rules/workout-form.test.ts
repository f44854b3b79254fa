import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { TIME_CAP_TEXT } from './time-cap';
import { emptyWorkoutForm, serverFieldErrors, toWorkoutInput, validateWorkoutForm, WORKOUT_MESSAGES } from './workout-form';

const valid = { ...emptyWorkoutForm(), name: 'Fran' };

describe('workout form', () => {
  it('accepts a minimal workout', () => {
    expect(validateWorkoutForm(valid)).toEqual({});
    expect(toWorkoutInput(valid)).toEqual({ name: 'Fran', description: '', scoreType: 'TIME', timeCapSeconds: null, workoutOrder: null, partOf: '', parts: '' });
  });

  it('reports each rule with the spec message', () => {
    expect(
      validateWorkoutForm({ ...valid, name: 'F', description: 'x'.repeat(5001), scoreType: 'SPEED', timeCap: '70:00', workoutOrder: '0' }),
    ).toEqual({
      name: WORKOUT_MESSAGES.nameShort,
      description: WORKOUT_MESSAGES.descriptionLong,
      scoreType: WORKOUT_MESSAGES.scoreType,
      timeCap: TIME_CAP_TEXT.range,
      workoutOrder: WORKOUT_MESSAGES.order,
    });
    expect(validateWorkoutForm({ ...valid, name: 'x'.repeat(256) }).name).toBe(WORKOUT_MESSAGES.nameLong);
    expect(validateWorkoutForm({ ...valid, workoutOrder: '1.5' }).workoutOrder).toBe(WORKOUT_MESSAGES.order);
  });

  it('refuses a part with parts of its own', () => {
    expect(validateWorkoutForm({ ...valid, partOf: 'w1', parts: 'sum' })).toEqual({ parts: WORKOUT_MESSAGES.partHasParts });
    expect(validateWorkoutForm({ ...valid, partOf: 'w1' })).toEqual({});
  });

  it('always sends partOf and parts, so that an update keeps them', () => {
    expect(toWorkoutInput({ ...valid, partOf: 'w1' })).toMatchObject({ partOf: 'w1', parts: '' });
    expect(toWorkoutInput({ ...valid, parts: 'best' })).toMatchObject({ partOf: '', parts: 'best' });
  });

  it('sends the time cap in seconds and the order as a number', () => {
    expect(toWorkoutInput({ ...valid, timeCap: '12:30', workoutOrder: '2' })).toMatchObject({ timeCapSeconds: 750, workoutOrder: 2 });
  });
});

describe('the server refusing a workout', () => {
  it('puts a 409 naming a field under that field', () => {
    const taken = new ApiError(409, 'Workout order 2 is already used by Grace in this event', 'workoutOrder');
    expect(serverFieldErrors(taken)).toEqual({ workoutOrder: 'Workout order 2 is already used by Grace in this event' });
    expect(serverFieldErrors(new ApiError(409, 'below', 'timeCapSeconds'))).toEqual({ timeCap: 'below' });
    const noParts = 'Workout 3 has no parts: choose how its parts count first';
    expect(serverFieldErrors(new ApiError(400, noParts, 'partOf'))).toEqual({ partOf: noParts });
    expect(serverFieldErrors(new ApiError(409, 'Workout 3 has results', 'parts'))).toEqual({ parts: 'Workout 3 has results' });
  });

  it('leaves failures without a known field to the page', () => {
    expect(serverFieldErrors(new ApiError(503, 'unavailable'))).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'x', 'eventId'))).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });
});
