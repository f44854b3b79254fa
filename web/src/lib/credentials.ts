import type { FieldErrors } from '@/components/use-validated-form';
import type { Role } from '@/lib/api/types';

// The server's rules (auth-svc/rules.go), checked here too so a typo is named before the round trip. The
// server also refuses common passwords; its 400 message is shown as it comes.
export const PASSWORD_MIN_LENGTH = 12;
const USERNAME = /^[A-Za-z0-9._-]{3,64}$/;

export const ROLES: { value: Role; label: string }[] = [
  { value: 'admin', label: 'Admin' },
  { value: 'organiser', label: 'Organiser' },
  { value: 'scorer', label: 'Scorer' },
];

export const CREDENTIAL_MESSAGES = {
  username: 'Username must be 3–64 characters of letters, digits, ".", "_" or "-"',
  password: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  currentPassword: 'Current password is required',
  confirm: 'The passwords do not match',
} as const;

export const usernameError = (username: string) => (USERNAME.test(username.trim()) ? undefined : CREDENTIAL_MESSAGES.username);
export const passwordError = (password: string) => (password.length >= PASSWORD_MIN_LENGTH ? undefined : CREDENTIAL_MESSAGES.password);

/** Keeps only the fields that have a message. */
function only<V>(errors: FieldErrors<V>): FieldErrors<V> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<V>;
}

export type NewUserValues = { username: string; password: string; role: Role };

export const validateNewUser = (values: NewUserValues): FieldErrors<NewUserValues> =>
  only({ username: usernameError(values.username), password: passwordError(values.password) });

export type PasswordValues = { password: string; confirm: string };

export const validatePassword = (values: PasswordValues): FieldErrors<PasswordValues> =>
  only({ password: passwordError(values.password), confirm: values.confirm === values.password ? undefined : CREDENTIAL_MESSAGES.confirm });

export type PasswordChangeValues = PasswordValues & { currentPassword: string };

export const validatePasswordChange = (values: PasswordChangeValues): FieldErrors<PasswordChangeValues> =>
  only({ currentPassword: values.currentPassword ? undefined : CREDENTIAL_MESSAGES.currentPassword, ...validatePassword(values) });
