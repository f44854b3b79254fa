import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { FormField, Input, Select, Textarea } from '@/components/form-field';
import type { Event } from '@/lib/api/types';
import { validateDivisionForm, type DivisionFormErrors, type DivisionFormValues } from '../rules/division-form';

type DivisionFormProps = {
  initial: DivisionFormValues;
  /** Events to choose from on create; on edit the event is shown read-only. */
  events: readonly Pick<Event, 'id' | 'name'>[];
  eventLocked: boolean;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: DivisionFormValues) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
};

export function DivisionForm({ initial, events, eventLocked, submitLabel, submitting, onSubmit, onCancel, extraActions }: DivisionFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DivisionFormErrors>({});

  const set = (key: keyof DivisionFormValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDivisionForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ ...values, name: values.name.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Event" htmlFor="division-event" required={!eventLocked} error={errors.eventId}>
        <Select id="division-event" value={values.eventId} disabled={eventLocked} invalid={!!errors.eventId} onChange={(e) => set('eventId', e.target.value)}>
          <option value="">Select an event</option>
          {events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Division Name" htmlFor="division-name" required error={errors.name}>
        <Input id="division-name" value={values.name} invalid={!!errors.name} onChange={(e) => set('name', e.target.value)} />
      </FormField>
      <FormField label="Description" htmlFor="division-description" error={errors.description} help={`${values.description.length}/500`}>
        <Textarea id="division-description" rows={3} value={values.description} invalid={!!errors.description} onChange={(e) => set('description', e.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2 pt-2">
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
