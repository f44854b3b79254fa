import { Trans, useTranslation } from 'react-i18next';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { FormField, Input, Textarea } from '@/components/form-field';
import { InlineAlert, failureText } from '@/components/inline-alert';
import { ApiError } from '@/lib/api/client';
import type { Division, EventVenue, Workout } from '@/lib/api/types';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { useLeaveGuard } from '@/lib/unsaved/use-leave-guard';
import { useEventVenue, useSaveEventVenue } from '../api/venue';
import { VenueAddresses } from './venue-addresses';
import {
  TV_ROWS,
  TV_SECONDS,
  originAt,
  toVenueInput,
  validateVenue,
  venueDraftOf,
  venueFieldOf,
  type VenueDraft,
  type VenueErrors,
} from '../rules/venue';

const draftKey = (eventId: string) => `venue.${eventId}`;

/**
 * The venue (docs/venue.md): the TV's rows and seconds per page and its divisions, and the
 * sites that may embed the event's boards. Typed settings survive a failed save and a reload
 * (docs/console-unsaved-data.md).
 */
export function VenueCard({ eventId, divisions, workouts }: { eventId: string; divisions: Division[]; workouts: Pick<Workout, 'id' | 'name'>[] }) {
  const { t } = useTranslation('console');
  const venue = useEventVenue(eventId);
  return (
    <Card title={t('venue.title')}>
      {venue.data ? (
        <VenueForm eventId={eventId} divisions={divisions} saved={venue.data} />
      ) : venue.isError ? (
        <InlineAlert message={failureText(t('venue.loadFailed'), venue.error)} />
      ) : (
        <p className="text-sm text-slate-500">{t('venue.loading')}</p>
      )}
      {divisions.length > 0 && <VenueAddresses eventId={eventId} divisions={divisions} workouts={workouts} />}
    </Card>
  );
}

function VenueForm({ eventId, divisions, saved: stored }: { eventId: string; divisions: Division[]; saved: EventVenue }) {
  const { t } = useTranslation('console');
  const saved = useMemo(() => venueDraftOf(stored), [stored]);
  const [draft, setDraft] = useState<VenueDraft>(() => loadDraft<VenueDraft>(draftKey(eventId)) ?? saved);
  const [errors, setErrors] = useState<VenueErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const saving = useSaveEventVenue(eventId);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  useEffect(() => saveDraft(draftKey(eventId), dirty ? draft : null), [eventId, draft, dirty]);
  const discard = useCallback(() => {
    clearDraft(draftKey(eventId));
    setDraft(saved);
    setErrors({});
  }, [eventId, saved]);
  useLeaveGuard(dirty, discard);

  const change = (next: Partial<VenueDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setDone(false);
  };
  const toggleDivision = (id: string, on: boolean) =>
    change({ tvDivisionIds: on ? divisions.map((d) => d.id).filter((d) => d === id || draft.tvDivisionIds.includes(d)) : draft.tvDivisionIds.filter((d) => d !== id) });

  const save = async () => {
    setFailure(null);
    const found = validateVenue(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await saving.mutateAsync(toVenueInput(draft));
      clearDraft(draftKey(eventId));
      setDone(true);
    } catch (err) {
      const field = err instanceof ApiError ? venueFieldOf(err.field) : null;
      if (field && err instanceof ApiError) {
        const origin = originAt(err.field, draft.embedOrigins);
        setErrors({ [field]: origin ? `${origin}: ${err.message}` : err.message });
      } else setFailure(failureText(t('venue.saveFailed'), err));
    }
  };

  const tv = `/tv/events/${eventId}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="mb-3 text-sm text-slate-600">
        <Trans
          t={t}
          i18nKey="venue.intro"
          values={{ tv }}
          // "link" is an HTML void element to the Trans parser: it would hold no text.
          components={{ page: <Link to={tv} target="_blank" className="text-blue-700 underline" />, code: <code /> }}
        />
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('venue.rows')} htmlFor="venue-rows" required error={errors.tvRows} help={t('venue.range', { min: TV_ROWS.min, max: TV_ROWS.max })}>
          <Input
            id="venue-rows"
            type="number"
            inputMode="numeric"
            min={TV_ROWS.min}
            max={TV_ROWS.max}
            value={draft.tvRows}
            invalid={!!errors.tvRows}
            onChange={(e) => change({ tvRows: e.target.value })}
          />
        </FormField>
        <FormField label={t('venue.seconds')} htmlFor="venue-seconds" required error={errors.tvSeconds} help={t('venue.range', { min: TV_SECONDS.min, max: TV_SECONDS.max })}>
          <Input
            id="venue-seconds"
            type="number"
            inputMode="numeric"
            min={TV_SECONDS.min}
            max={TV_SECONDS.max}
            value={draft.tvSeconds}
            invalid={!!errors.tvSeconds}
            onChange={(e) => change({ tvSeconds: e.target.value })}
          />
        </FormField>
      </div>
      {divisions.length > 0 && (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-700">{t('venue.tvDivisions')}</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {divisions.map((d) => (
              <label key={d.id} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" checked={draft.tvDivisionIds.includes(d.id)} onChange={(e) => toggleDivision(d.id, e.target.checked)} />
                {d.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="mt-4">
        <FormField
          label={t('venue.origins')}
          htmlFor="venue-origins"
          error={errors.embedOrigins}
          help={t('venue.originsHelp')}
        >
          <Textarea
            id="venue-origins"
            rows={3}
            value={draft.embedOrigins}
            invalid={!!errors.embedOrigins}
            placeholder="https://club.example.com"
            onChange={(e) => change({ embedOrigins: e.target.value })}
          />
        </FormField>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button type="submit" loading={saving.isPending} disabled={!dirty}>
          {t('venue.save')}
        </Button>
        {dirty && (
          <Button type="button" size="sm" variant="ghost" onClick={discard}>
            {t('venue.discard')}
          </Button>
        )}
        <InlineAlert message={failure} onDismiss={() => setFailure(null)} />
        {done && (
          <span role="status" className="text-sm text-green-700">
            {t('venue.saved')}
          </span>
        )}
      </div>
    </form>
  );
}
