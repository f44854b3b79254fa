// What other features may use of access: the signed-in user's role and what it allows (see
// FEATURE_ENTRIES in eslint.config.js).
export { useEventPermissions, useRole } from './hooks/use-permissions';
export { canManageUsers } from './rules/permissions';
