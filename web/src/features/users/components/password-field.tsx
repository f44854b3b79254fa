import { FormField, Input } from '@/components/form-field';
import { PASSWORD_MIN_LENGTH } from '../rules/credentials';

type PasswordFieldProps = {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** 'new-password' (default) shows the length rule under the field; 'current-password' does not. */
  autoComplete?: 'new-password' | 'current-password';
};

/** A required password input with its error, and the length rule under a new password. */
export function PasswordField({ id, label, value, error, onChange, autoComplete = 'new-password' }: PasswordFieldProps) {
  const help = autoComplete === 'new-password' ? `At least ${PASSWORD_MIN_LENGTH} characters` : undefined;
  return (
    <FormField label={label} htmlFor={id} required error={error} help={help}>
      <Input id={id} type="password" autoComplete={autoComplete} value={value} invalid={!!error} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}
