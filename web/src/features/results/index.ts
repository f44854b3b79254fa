// What other features may use of results (see FEATURE_ENTRIES in eslint.config.js): the grid
// query and its invalidation, and the result notation the admin types and reads.
export { useInvalidateResults, useResultGrid } from './api/results';
export { parseResultInput, type ResultParse } from './rules/result-input';
