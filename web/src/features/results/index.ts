// What heats still uses of results (FEATURE_ENTRIES in eslint.config.js): the console's result
// text, until the server sends it (then this file and the last entry go).
export { formatResultCell } from './rules/result-display';
