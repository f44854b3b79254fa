import { useState } from 'react';
import { FormField, Input } from '@/components/form-field';
import { PASSWORD_MIN_LENGTH } from '@/lib/credentials';

type PasswordFieldProps = {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  autoComplete?: 'new-password' | 'current-password';
  /** The length rule under the field: for a new password, not for its repetition. */
  showRule?: boolean;
  /** A "Show password" switch, for a form that does not ask for the password twice. */
  revealable?: boolean;
};

/** A required password input with its error, and the length rule under a new password. */
export function PasswordField({
  id,
  label,
  value,
  error,
  onChange,
  autoComplete = 'new-password',
  showRule = autoComplete === 'new-password',
  revealable = false,
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const help = showRule ? `At least ${PASSWORD_MIN_LENGTH} characters` : undefined;
  return (
    <FormField label={label} htmlFor={id} required error={error} help={help}>
      <Input id={id} type={shown ? 'text' : 'password'} autoComplete={autoComplete} value={value} invalid={!!error} onChange={(e) => onChange(e.target.value)} />
      {revealable && (
        <label className="flex items-center gap-2 text-xs text-slate-600">
          <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} /> Show password
        </label>
      )}
    </FormField>
  );
}
