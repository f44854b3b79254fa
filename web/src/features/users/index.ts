// What other features may use of the user list (see FEATURE_ENTRIES in eslint.config.js).
export { useUsers } from './api/users';
