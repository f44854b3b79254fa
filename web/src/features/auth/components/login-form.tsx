import { useTranslation } from 'react-i18next';
import { messages } from '@/lib/i18n/i18n';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import type { Session } from '@/lib/session';
import { useLogin } from '../api/login';

export const LOGIN_MESSAGES = messages({
  missing: 'console:login.missing',
  invalid: 'console:login.invalid',
  unexpected: 'console:login.unexpected',
});

/** A locked-out sign-in (429) says when to try again, in the server's words. */
function loginFailure(failure: unknown): string {
  if (!(failure instanceof ApiError)) return LOGIN_MESSAGES.unexpected;
  if (failure.status === 401) return LOGIN_MESSAGES.invalid;
  if (failure.status === 429 && failure.message) return failure.message;
  return LOGIN_MESSAGES.unexpected;
}

export function LoginForm({ onSuccess }: { onSuccess: (session: Session) => void }) {
  const { t } = useTranslation('console');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name || !password) {
      setError(LOGIN_MESSAGES.missing);
      return;
    }
    login.mutate(
      { username: name, password },
      {
        onSuccess: (response) => onSuccess(response),
        onError: (failure) => {
          setPassword('');
          setError(loginFailure(failure));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('login.username')} htmlFor="username" required>
        <Input id="username" autoComplete="username" value={username} onChange={(e) => edit(setUsername)(e.target.value)} autoFocus />
      </FormField>
      <FormField label={t('login.password')} htmlFor="password" required>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => edit(setPassword)(e.target.value)}
        />
      </FormField>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" loading={login.isPending}>
        {t('login.signIn')}
      </Button>
    </form>
  );
}
