// What other features may use of workouts (see FEATURE_ENTRIES in eslint.config.js).
export { useWorkouts } from './api/workouts';
