import type { FormEvent, ReactNode } from 'react';
import { FormActions, FormField, Input, Select, Textarea } from '@/components/form-field';
import { useValidatedForm } from '@/components/use-validated-form';
import type { EventStatus } from '@/lib/api/types';
import { SCORING_TABLES, validateEventForm, type EventFormValues } from '../rules/event-form';
import { useEventStatuses } from '../api/event-statuses';

type EventFormProps = {
  initial: EventFormValues;
  withStatus?: boolean;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: EventFormValues) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
};

export function EventForm({ initial, withStatus, submitLabel, submitting, onSubmit, onCancel, extraActions }: EventFormProps) {
  const { values, errors, set, check } = useValidatedForm(initial, validateEventForm);
  const statuses = useEventStatuses();
  // Until the statuses arrive, the select holds the event's own status word.
  const statusOptions = statuses.data ?? [{ value: values.status, label: values.status }];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (valid) onSubmit(valid);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Event Name" htmlFor="event-name" required error={errors.name}>
        <Input id="event-name" value={values.name} invalid={!!errors.name} onChange={(e) => set('name', e.target.value)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Start Date" htmlFor="event-date-from" required error={errors.dateFrom}>
          <Input id="event-date-from" type="date" value={values.dateFrom} invalid={!!errors.dateFrom} onChange={(e) => set('dateFrom', e.target.value)} />
        </FormField>
        <FormField label="End Date" htmlFor="event-date-to" required error={errors.dateTo}>
          <Input id="event-date-to" type="date" value={values.dateTo} invalid={!!errors.dateTo} onChange={(e) => set('dateTo', e.target.value)} />
        </FormField>
      </div>
      <FormField label="Location" htmlFor="event-location">
        <Input id="event-location" value={values.location} onChange={(e) => set('location', e.target.value)} />
      </FormField>
      <FormField label="Description" htmlFor="event-description">
        <Textarea id="event-description" rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} />
      </FormField>
      {withStatus && (
        <FormField label="Status" htmlFor="event-status" required>
          <Select id="event-status" value={values.status} onChange={(e) => set('status', e.target.value as EventStatus)}>
            {statusOptions.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField label="Scoring Table" htmlFor="event-scoring-table" required>
        <Select
          id="event-scoring-table"
          value={values.scoringTable}
          onChange={(e) => set('scoringTable', e.target.value as EventFormValues['scoringTable'])}
        >
          {SCORING_TABLES.map((table) => (
            <option key={table.value} value={table.value}>
              {table.label}
            </option>
          ))}
        </Select>
      </FormField>
      {values.scoringTable === 'custom' && (
        <FormField label="Points by place" htmlFor="event-custom-points" required error={errors.customPoints} help="Comma-separated, first place first. Places past the end get 0.">
          <Input
            id="event-custom-points"
            placeholder="100, 90, 80, 70"
            value={values.customPoints}
            invalid={!!errors.customPoints}
            onChange={(e) => set('customPoints', e.target.value)}
          />
        </FormField>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={values.detailsVisible} onChange={(e) => set('detailsVisible', e.target.checked)} />
        Show the public event details page
      </label>
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel}>
        {extraActions}
      </FormActions>
    </form>
  );
}
