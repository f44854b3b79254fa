import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { FormField, Input, Select } from '@/components/form-field';
import { InlineAlert, failureText } from '@/components/inline-alert';
import type { Event } from '@/lib/api/types';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { useLeaveGuard } from '@/lib/unsaved/use-leave-guard';
import { useSaveOnline } from '../api/online';
import {
  FORMATS,
  hasOnlineErrors,
  onlineDraftOf,
  toOnlineSettings,
  validateOnline,
  type OnlineDraft,
  type OnlineErrors,
  type OnlineWorkoutDraft,
} from '../rules/online';

const draftKey = (eventId: string) => `online.${eventId}`;

/**
 * The event's format (docs/qualifiers.md): in person, or an online qualifier whose workouts
 * are released at a time and take the athletes' submissions until a deadline, both typed in
 * the event's time zone. Typed settings survive a failed save and a reload
 * (docs/console-unsaved-data.md).
 */
export function OnlineCard({ event }: { event: Event }) {
  const saved = useMemo(() => onlineDraftOf(event), [event]);
  const [draft, setDraft] = useState<OnlineDraft>(() => loadDraft<OnlineDraft>(draftKey(event.id)) ?? saved);
  const [errors, setErrors] = useState<OnlineErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const saving = useSaveOnline(event.id);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  useEffect(() => saveDraft(draftKey(event.id), dirty ? draft : null), [event.id, draft, dirty]);
  const discard = useCallback(() => {
    clearDraft(draftKey(event.id));
    setDraft(saved);
    setErrors({});
  }, [event.id, saved]);
  useLeaveGuard(dirty, discard);

  const change = (next: Partial<OnlineDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setDone(null);
  };
  const changeWorkout = (id: string, next: Partial<OnlineWorkoutDraft>) =>
    change({ workouts: { ...draft.workouts, [id]: { ...(draft.workouts[id] ?? { releaseAt: '', deadline: '', videoRequired: false }), ...next } } });

  const runSave = async () => {
    setFailure(null);
    const found = validateOnline(draft);
    setErrors(found);
    if (hasOnlineErrors(found)) return;
    try {
      await saving.mutateAsync(toOnlineSettings(draft));
      clearDraft(draftKey(event.id));
      setDone('Format saved.');
    } catch (err) {
      setFailure(failureText('Saving the format failed', err));
    }
  };

  const online = draft.format === 'online';
  return (
    <Card
      title="Format"
      actions={
        dirty && (
          <Button size="sm" variant="ghost" onClick={discard}>
            Discard changes
          </Button>
        )
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Format" htmlFor="online-format">
          <Select id="online-format" value={draft.format} onChange={(e) => change({ format: e.target.value })}>
            {FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
        </FormField>
        {online && (
          <FormField label="Time zone" htmlFor="online-zone" required error={errors.timeZone} help="Release times and deadlines are in this zone, e.g. Europe/Paris">
            <Input id="online-zone" value={draft.timeZone} invalid={!!errors.timeZone} onChange={(e) => change({ timeZone: e.target.value })} />
          </FormField>
        )}
      </div>
      {online && (
        <label className="mt-4 flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-1" checked={draft.showUnreviewed} onChange={(e) => change({ showUnreviewed: e.target.checked })} />
          <span>
            Publish submitted scores on the public board at once, marked “Unreviewed”
            <span className="block text-xs text-slate-500">
              Off: the public sees a score only once you publish it after review. On: your publication decision, made now for every
              submission; a judge&apos;s review then replaces it (adjusted value, or DQ when rejected).
            </span>
          </span>
        </label>
      )}
      {online && event.workouts.length > 0 && (
        <fieldset className="mt-4 space-y-3">
          <legend className="text-sm font-medium text-slate-700">Workouts: release, submission deadline, video</legend>
          {event.workouts.map((w) => {
            const wd = draft.workouts[w.id] ?? { releaseAt: '', deadline: '', videoRequired: false };
            const error = errors.workouts?.[w.id];
            return (
              <div key={w.id} className="grid gap-3 rounded-md border border-slate-100 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid="online-workout">
                <FormField label={`${w.name}: released at`} htmlFor={`online-release-${w.id}`}>
                  <Input id={`online-release-${w.id}`} type="datetime-local" value={wd.releaseAt} onChange={(e) => changeWorkout(w.id, { releaseAt: e.target.value })} />
                </FormField>
                <FormField label="Submission deadline" htmlFor={`online-deadline-${w.id}`} error={error}>
                  <Input
                    id={`online-deadline-${w.id}`}
                    type="datetime-local"
                    value={wd.deadline}
                    invalid={!!error}
                    onChange={(e) => changeWorkout(w.id, { deadline: e.target.value })}
                  />
                </FormField>
                <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
                  <input type="checkbox" checked={wd.videoRequired} onChange={(e) => changeWorkout(w.id, { videoRequired: e.target.checked })} />
                  Video required
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button loading={saving.isPending} disabled={!dirty} onClick={runSave}>
          Save format
        </Button>
        <InlineAlert message={failure} onDismiss={() => setFailure(null)} />
        {done && (
          <span role="status" className="text-sm text-green-700">
            {done}
          </span>
        )}
      </div>
    </Card>
  );
}
