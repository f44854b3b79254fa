// Console addresses that pages of several features link to.

/** A workout's heats page. */
export const heatsPath = (eventId: string, workoutId: string): string => `/admin/events/${eventId}/workouts/${workoutId}/heats`;
