import { useState } from 'react';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** A form's values and the messages under its fields: editing a field clears its message, and
 * `check` runs the rules, shows what failed and returns the values only when nothing did. */
export function useValidatedForm<V extends object>(initial: V, validate: (values: V) => FieldErrors<V>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const check = (): V | null => {
    const found = validate(values);
    setErrors(found);
    return Object.keys(found).length === 0 ? values : null;
  };

  return { values, errors, set, check };
}
