// Console addresses that pages of several features link to.

/** A workout's heats page. */
export const heatsPath = (eventId: string, workoutId: string): string => `/admin/events/${eventId}/workouts/${workoutId}/heats`;

/** The judges' review of an online workout's submissions (docs/qualifiers.md). */
export const submissionsPath = (eventId: string, workoutId: string): string => `/admin/events/${eventId}/workouts/${workoutId}/submissions`;
