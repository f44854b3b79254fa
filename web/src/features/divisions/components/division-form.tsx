import type { FormEvent, ReactNode } from 'react';
import { FormActions, FormField, Input, Select, Textarea } from '@/components/form-field';
import { useValidatedForm } from '@/components/use-validated-form';
import type { Event } from '@/lib/api/types';
import { validateDivisionForm, type DivisionFormValues } from '../rules/division-form';

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
  const { values, errors, set, check } = useValidatedForm(initial, validateDivisionForm);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (valid) onSubmit({ ...valid, name: valid.name.trim() });
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
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel}>
        {extraActions}
      </FormActions>
    </form>
  );
}
