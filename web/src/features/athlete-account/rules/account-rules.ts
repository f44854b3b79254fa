// The athlete account's rules as the server has them (auth-svc/athlete_rules.go), checked here
// so a typo is named before the round trip; the server's 400 names the field otherwise.
import type { FieldErrors } from '@/components/use-validated-form';
import { CREDENTIAL_MESSAGES, passwordError } from '@/lib/credentials';

export const NAME_MAX = 60;
export const CLUB_MAX = 100;
export const COUNTRY_MAX = 60;
export const MIN_BIRTH_YEAR = 1900;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export const ACCOUNT_MESSAGES = {
  email: 'Please enter a valid email address, like name@example.com',
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  confirm: CREDENTIAL_MESSAGES.confirm,
} as const;

function only<V>(errors: FieldErrors<V>): FieldErrors<V> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<V>;
}

export const emailError = (email: string) => (EMAIL.test(email.trim()) ? undefined : ACCOUNT_MESSAGES.email);

const nameError = (value: string, label: string, required: string) => {
  if (!value.trim()) return required;
  return value.trim().length > NAME_MAX ? `${label} must be at most ${NAME_MAX} characters` : undefined;
};

// No repeated password: the field shows what was typed on request (PasswordField revealable),
// and a mistyped one is reset by mail; every field less is one less on a phone.
export type SignUpValues = { email: string; firstName: string; lastName: string; password: string };

export const validateSignUp = (v: SignUpValues): FieldErrors<SignUpValues> =>
  only({
    email: emailError(v.email),
    firstName: nameError(v.firstName, 'First name', ACCOUNT_MESSAGES.firstName),
    lastName: nameError(v.lastName, 'Last name', ACCOUNT_MESSAGES.lastName),
    password: passwordError(v.password),
  });

export type ResetValues = { password: string; confirm: string };

export const validateReset = (v: ResetValues): FieldErrors<ResetValues> =>
  only({ password: passwordError(v.password), confirm: v.confirm === v.password ? undefined : ACCOUNT_MESSAGES.confirm });

export type ProfileValues = { firstName: string; lastName: string; club: string; country: string; birthYear: string };

export function validateProfile(v: ProfileValues, thisYear = new Date().getFullYear()): FieldErrors<ProfileValues> {
  const year = v.birthYear.trim();
  const yearNumber = Number(year);
  return only({
    firstName: nameError(v.firstName, 'First name', ACCOUNT_MESSAGES.firstName),
    lastName: nameError(v.lastName, 'Last name', ACCOUNT_MESSAGES.lastName),
    club: v.club.trim().length > CLUB_MAX ? `Club or box must be at most ${CLUB_MAX} characters` : undefined,
    country: v.country.trim().length > COUNTRY_MAX ? `Country must be at most ${COUNTRY_MAX} characters` : undefined,
    birthYear:
      year && !(Number.isInteger(yearNumber) && yearNumber >= MIN_BIRTH_YEAR && yearNumber <= thisYear)
        ? `Birth year must be between ${MIN_BIRTH_YEAR} and ${thisYear}`
        : undefined,
  });
}
