import { ApiError } from '@/lib/api/client';
import type { ScoreType, Workout, WorkoutInput } from '@/lib/api/types';
import { formatTimeCap, parseTimeCap } from './time-cap';
import { messages } from '@/lib/i18n/i18n';

export const SCORE_TYPES: readonly ScoreType[] = ['TIME', 'REPS', 'MAX_WEIGHT', 'POINTS'];

export type WorkoutFormValues = {
  name: string;
  description: string;
  scoreType: string;
  /** As typed, MM:SS or empty. */
  timeCap: string;
  /** As typed, a whole number or empty. */
  workoutOrder: string;
  /** The workout this one is a part of; '' for none (docs/scoring.md, "Multi-part workouts"). */
  partOf: string;
  /** How this workout's parts count (a WorkoutParts word); '' for no parts. */
  parts: string;
};

export type WorkoutFormErrors = Partial<Record<keyof WorkoutFormValues, string>>;

export const WORKOUT_MESSAGES = messages({
  nameShort: 'console:workouts.form.nameShort',
  nameLong: 'console:workouts.form.nameLong',
  descriptionLong: 'console:workouts.form.descriptionLong',
  scoreType: 'console:workouts.form.scoreTypeInvalid',
  order: 'console:workouts.form.orderInvalid',
  deleteMismatch: 'console:workouts.form.deleteMismatch',
  scoreTypeChange: 'console:workouts.form.scoreTypeChange',
  saveWithResults: 'console:workouts.form.saveWithResults',
  partHasParts: 'console:workouts.form.partHasParts',
});

/** How a workout's parts count (types.proto WorkoutParts), as the form offers them. */
export const PARTS_OPTIONS = [
  { value: '', label: 'console:workouts.parts.none' },
  { value: 'separate', label: 'console:workouts.parts.separate' },
  { value: 'sum', label: 'console:workouts.parts.sum' },
  { value: 'best', label: 'console:workouts.parts.best' },
] as const;

/** Parts combined into one score (sum, best) share their workout's score type. */
export const isCombined = (parts: string) => parts === 'sum' || parts === 'best';

export const emptyWorkoutForm = (): WorkoutFormValues => ({
  name: '',
  description: '',
  scoreType: 'TIME',
  timeCap: '',
  workoutOrder: '',
  partOf: '',
  parts: '',
});

/** A new part of header: its score type when the parts make one score. */
export function newPartForm(header: Workout): WorkoutFormValues {
  return { ...emptyWorkoutForm(), partOf: header.id, scoreType: isCombined(header.parts) ? header.scoreType : 'TIME' };
}

export function workoutToForm(workout: Workout): WorkoutFormValues {
  return {
    name: workout.name,
    description: workout.description,
    scoreType: workout.scoreType,
    timeCap: formatTimeCap(workout.timeCapSeconds),
    workoutOrder: workout.workoutOrder === null ? '' : String(workout.workoutOrder),
    partOf: workout.partOf,
    parts: workout.parts,
  };
}

export function validateWorkoutForm(values: WorkoutFormValues): WorkoutFormErrors {
  const errors: WorkoutFormErrors = {};
  const name = values.name.trim();
  if (name.length < 2) errors.name = WORKOUT_MESSAGES.nameShort;
  else if (name.length > 255) errors.name = WORKOUT_MESSAGES.nameLong;
  if (values.description.length > 5000) errors.description = WORKOUT_MESSAGES.descriptionLong;
  if (!SCORE_TYPES.includes(values.scoreType as ScoreType)) errors.scoreType = WORKOUT_MESSAGES.scoreType;
  const cap = parseTimeCap(values.timeCap);
  if (!cap.ok) errors.timeCap = cap.error;
  const order = values.workoutOrder.trim();
  if (order !== '' && !(/^\d+$/.test(order) && Number(order) >= 1)) errors.workoutOrder = WORKOUT_MESSAGES.order;
  if (values.partOf !== '' && values.parts !== '') errors.parts = WORKOUT_MESSAGES.partHasParts;
  return errors;
}

/** Call only for values that passed validateWorkoutForm. */
export function toWorkoutInput(values: WorkoutFormValues): WorkoutInput {
  const cap = parseTimeCap(values.timeCap);
  const order = values.workoutOrder.trim();
  return {
    name: values.name.trim(),
    description: values.description,
    scoreType: values.scoreType as ScoreType,
    timeCapSeconds: cap.ok ? cap.seconds : null,
    workoutOrder: order === '' ? null : Number(order),
    // Always sent: an update without them would make the workout neither part nor header.
    partOf: values.partOf,
    parts: values.parts,
  };
}

/** The request fields the server names in its errors, as the form's fields. */
const FORM_FIELD_OF: Record<string, keyof WorkoutFormValues> = {
  name: 'name',
  description: 'description',
  scoreType: 'scoreType',
  timeCapSeconds: 'timeCap',
  workoutOrder: 'workoutOrder',
  partOf: 'partOf',
  parts: 'parts',
};

/** The server's refusal under the field it names (a taken or frozen order, a cap below entered
 * times: 409s naming the field); nothing for other failures, which the page shows on top. */
export function serverFieldErrors(error: unknown): WorkoutFormErrors {
  const key = error instanceof ApiError && error.field ? FORM_FIELD_OF[error.field] : undefined;
  return key ? { [key]: error instanceof Error ? error.message : '' } : {};
}
