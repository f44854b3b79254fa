// What other features may use of events (see FEATURE_ENTRIES in eslint.config.js).
export { useEvent, useEvents } from './api/events';
