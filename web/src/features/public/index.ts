// What other features may use of the public site's data (see FEATURE_ENTRIES in eslint.config.js).
export { publicQueries } from './api/public';
export type { DivisionLeaderboard, WorkoutLeaderboard } from './api/types';
