import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormField, Input, Select } from '@/components/form-field';
import type { Division, TeamUpdate } from '@/lib/api/types';
import { NAME_MAX, NAME_MIN } from '../rules/grid-rows';

type Errors = Partial<Record<keyof TeamUpdate, string>>;

export function validateTeam(values: TeamUpdate): Errors {
  const errors: Errors = {};
  const name = values.name.trim();
  if (name.length < NAME_MIN) errors.name = `Team name must be at least ${NAME_MIN} characters`;
  else if (name.length > NAME_MAX) errors.name = `Team name must be at most ${NAME_MAX} characters`;
  if (values.athlete1Name.length > NAME_MAX) errors.athlete1Name = `Athlete name must be at most ${NAME_MAX} characters`;
  if (values.athlete2Name.length > NAME_MAX) errors.athlete2Name = `Athlete name must be at most ${NAME_MAX} characters`;
  return errors;
}

type TeamFormProps = {
  initial: TeamUpdate;
  divisions: readonly Pick<Division, 'id' | 'name'>[];
  submitting: boolean;
  onSubmit: (values: TeamUpdate) => void;
  onCancel: () => void;
};

export function TeamForm({ initial, divisions, submitting, onSubmit, onCancel }: TeamFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof TeamUpdate, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTeam(values);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSubmit({ ...values, name: values.name.trim(), athlete1Name: values.athlete1Name.trim(), athlete2Name: values.athlete2Name.trim() });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Team Name" htmlFor="team-name" required error={errors.name}>
        <Input id="team-name" value={values.name} invalid={!!errors.name} onChange={(e) => set('name', e.target.value)} />
      </FormField>
      <FormField label="Division" htmlFor="team-division" required>
        <Select id="team-division" value={values.divisionId} onChange={(e) => set('divisionId', e.target.value)}>
          {divisions.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Athlete 1 Name" htmlFor="team-athlete1" error={errors.athlete1Name}>
        <Input id="team-athlete1" value={values.athlete1Name} invalid={!!errors.athlete1Name} onChange={(e) => set('athlete1Name', e.target.value)} />
      </FormField>
      <FormField label="Athlete 2 Name" htmlFor="team-athlete2" error={errors.athlete2Name}>
        <Input id="team-athlete2" value={values.athlete2Name} invalid={!!errors.athlete2Name} onChange={(e) => set('athlete2Name', e.target.value)} />
      </FormField>
      <div className="flex gap-2 pt-2">
        <Button type="submit" loading={submitting}>
          Save Changes
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
