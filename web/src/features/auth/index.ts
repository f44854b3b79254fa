// What other features may use of the session (see FEATURE_ENTRIES in eslint.config.js).
export { useAuth } from './components/auth-context';
