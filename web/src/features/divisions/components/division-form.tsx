import type { FormEvent, ReactNode } from 'react';
import { FormActions, FormField, Input, Select, Textarea } from '@/components/form-field';
import { useValidatedForm } from '@/components/use-validated-form';
import type { Event } from '@/lib/api/types';
import { validateDivisionForm, type DivisionFormValues } from '../rules/division-form';
import { MAX_SUBSTITUTES, TEAM_SIZES, sizeLabel } from '../rules/roster';

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
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700">Teams</legend>
        <FormField label="Team Size" htmlFor="division-team-size" required error={errors.teamSize} help="Athletes per team; 1 is an individual division">
          <Select id="division-team-size" value={values.teamSize} invalid={!!errors.teamSize} onChange={(e) => set('teamSize', e.target.value)}>
            {TEAM_SIZES.map((n) => (
              <option key={n} value={String(n)}>
                {sizeLabel(n)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Substitutes" htmlFor="division-substitutes" error={errors.substitutes} help={`0 to ${MAX_SUBSTITUTES} per team`}>
          <Input id="division-substitutes" inputMode="numeric" value={values.substitutes} invalid={!!errors.substitutes} onChange={(e) => set('substitutes', e.target.value)} />
        </FormField>
        <FormField label="Composition" htmlFor="division-composition" error={errors.composition} help="Optional, e.g. 2 women + 2 men">
          <Input id="division-composition" placeholder="2 women + 2 men" value={values.composition} invalid={!!errors.composition} onChange={(e) => set('composition', e.target.value)} />
        </FormField>
        <div className="grid grid-cols-3 gap-2 sm:col-span-2">
          <FormField label="Age from" htmlFor="division-age-min" error={errors.ageMin}>
            <Input id="division-age-min" inputMode="numeric" value={values.ageMin} invalid={!!errors.ageMin} onChange={(e) => set('ageMin', e.target.value)} />
          </FormField>
          <FormField label="Age to" htmlFor="division-age-max" error={errors.ageMax}>
            <Input id="division-age-max" inputMode="numeric" value={values.ageMax} invalid={!!errors.ageMax} onChange={(e) => set('ageMax', e.target.value)} />
          </FormField>
          <FormField label="Age on" htmlFor="division-age-on" error={errors.ageOn}>
            <Input id="division-age-on" type="date" value={values.ageOn} invalid={!!errors.ageOn} onChange={(e) => set('ageOn', e.target.value)} />
          </FormField>
        </div>
      </fieldset>
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel}>
        {extraActions}
      </FormActions>
    </form>
  );
}
