import { useTranslation } from 'react-i18next';
import { eventStatusWord } from '@/lib/i18n/words';
import type { FormEvent, ReactNode } from 'react';
import { FormActions, FormField, Input, Select, Textarea } from '@/components/form-field';
import { useValidatedForm } from '@/components/use-validated-form';
import type { EventStatus } from '@/lib/api/types';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@/lib/i18n/languages';
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
  const { t } = useTranslation('console');
  const statuses = useEventStatuses();
  // Until the statuses arrive, the select holds the event's own status.
  const statusOptions = statuses.data ?? [{ value: values.status }];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (valid) onSubmit(valid);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('events.fields.name')} htmlFor="event-name" required error={errors.name}>
        <Input id="event-name" value={values.name} invalid={!!errors.name} onChange={(e) => set('name', e.target.value)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('events.fields.dateFrom')} htmlFor="event-date-from" required error={errors.dateFrom}>
          <Input id="event-date-from" type="date" value={values.dateFrom} invalid={!!errors.dateFrom} onChange={(e) => set('dateFrom', e.target.value)} />
        </FormField>
        <FormField label={t('events.fields.dateTo')} htmlFor="event-date-to" required error={errors.dateTo}>
          <Input id="event-date-to" type="date" value={values.dateTo} invalid={!!errors.dateTo} onChange={(e) => set('dateTo', e.target.value)} />
        </FormField>
      </div>
      <FormField label={t('events.fields.location')} htmlFor="event-location">
        <Input id="event-location" value={values.location} onChange={(e) => set('location', e.target.value)} />
      </FormField>
      <FormField label={t('events.fields.description')} htmlFor="event-description">
        <Textarea id="event-description" rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} />
      </FormField>
      {withStatus && (
        <FormField label={t('events.fields.status')} htmlFor="event-status" required>
          <Select id="event-status" value={values.status} onChange={(e) => set('status', e.target.value as EventStatus)}>
            {statusOptions.map((status) => (
              <option key={status.value} value={status.value}>
                {eventStatusWord(status.value)}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField label={t('events.fields.scoringTable')} htmlFor="event-scoring-table" required>
        <Select
          id="event-scoring-table"
          value={values.scoringTable}
          onChange={(e) => set('scoringTable', e.target.value as EventFormValues['scoringTable'])}
        >
          {SCORING_TABLES.map((table) => (
            <option key={table.value} value={table.value}>
              {t(table.label)}
            </option>
          ))}
        </Select>
      </FormField>
      {values.scoringTable === 'custom' && (
        <FormField label={t('events.fields.customPoints')} htmlFor="event-custom-points" required error={errors.customPoints} help={t('events.form.customPointsHelp')}>
          <Input
            id="event-custom-points"
            placeholder="100, 90, 80, 70"
            value={values.customPoints}
            invalid={!!errors.customPoints}
            onChange={(e) => set('customPoints', e.target.value)}
          />
        </FormField>
      )}
      <FormField label={t('events.fields.rosterLockAt')} htmlFor="event-roster-lock" help={t('events.form.rosterLockAtHelp')}>
        <Input id="event-roster-lock" type="datetime-local" value={values.rosterLockAt} onChange={(e) => set('rosterLockAt', e.target.value)} />
      </FormField>
      <FormField label={t('events.fields.defaultLanguage')} htmlFor="event-language" help={t('events.form.defaultLanguageHelp')} error={errors.defaultLanguage}>
        <Select id="event-language" value={values.defaultLanguage} onChange={(e) => set('defaultLanguage', e.target.value as Language)}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </Select>
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={values.detailsVisible} onChange={(e) => set('detailsVisible', e.target.checked)} />
        {t('events.fields.detailsVisible')}
      </label>
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel}>
        {extraActions}
      </FormActions>
    </form>
  );
}
