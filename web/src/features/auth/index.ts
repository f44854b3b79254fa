// What other features may use of the session (see FEATURE_ENTRIES in eslint.config.js).
export { useMe } from './api/session';
export { useAuth } from './components/auth-context';
