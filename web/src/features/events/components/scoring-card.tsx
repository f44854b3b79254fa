import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { FormField, Input, Select } from '@/components/form-field';
import { InlineAlert, failureText } from '@/components/inline-alert';
import { Table, Td, Th, Tr } from '@/components/table';
import type { Event, ScoringPreview } from '@/lib/api/types';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { useLeaveGuard } from '@/lib/unsaved/use-leave-guard';
import { usePreviewScoring, useSaveScoring } from '../api/scoring';
import { SCORING_TABLES } from '../rules/event-form';
import {
  OVERALL_TIE_BREAKS,
  WEIGHT_MAX,
  WEIGHT_MIN,
  WORKOUT_TIES,
  hasErrors,
  isDivisionTable,
  type DivisionOverride,
  scoringDraftOf,
  standingText,
  toScoringSettings,
  validateScoring,
  type ScoringDraft,
  type ScoringErrors,
} from '../rules/scoring';

const draftKey = (eventId: string) => `scoring.${eventId}`;

/**
 * The event's scoring in one place (docs/scoring.md): table, tie rules, overall tie-break and
 * each workout's weight. Preview shows what the change does to every division's standings over
 * today's results before anything is saved; Save rescores every stored result at once (each
 * changed score's history says rescored). Typed settings survive a failed save, a reload and a
 * sign-in (docs/console-unsaved-data.md).
 */
export function ScoringCard({ event }: { event: Event }) {
  const saved = useMemo(() => scoringDraftOf(event), [event]);
  const [draft, setDraft] = useState<ScoringDraft>(() => loadDraft<ScoringDraft>(draftKey(event.id)) ?? saved);
  const [errors, setErrors] = useState<ScoringErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [preview, setPreview] = useState<ScoringPreview | null>(null);
  const previewing = usePreviewScoring(event.id);
  const saving = useSaveScoring(event.id);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  useEffect(() => saveDraft(draftKey(event.id), dirty ? draft : null), [event.id, draft, dirty]);
  const discard = useCallback(() => {
    clearDraft(draftKey(event.id));
    setDraft(saved);
    setPreview(null);
    setErrors({});
  }, [event.id, saved]);
  useLeaveGuard(dirty, discard);

  const change = (next: Partial<ScoringDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setPreview(null); // a preview shows one set of settings: the typed ones changed
    setDone(null);
  };
  const checked = () => {
    const found = validateScoring(draft);
    setErrors(found);
    return !hasErrors(found);
  };

  const runPreview = async () => {
    setFailure(null);
    if (!checked()) return;
    try {
      setPreview(await previewing.mutateAsync(toScoringSettings(draft)));
    } catch (err) {
      setFailure(failureText('Preview failed', err));
    }
  };
  const runSave = async () => {
    setFailure(null);
    if (!checked()) return;
    try {
      await saving.mutateAsync(toScoringSettings(draft));
      clearDraft(draftKey(event.id));
      setPreview(null);
      setDone('Scoring saved; every result was rescored.');
    } catch (err) {
      setFailure(failureText('Saving the scoring failed', err)); // the typed settings stay
    }
  };

  return (
    <Card
      title="Scoring"
      actions={
        dirty && (
          <Button size="sm" variant="ghost" onClick={discard}>
            Discard changes
          </Button>
        )
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Points table" htmlFor="scoring-table">
          <Select id="scoring-table" value={draft.scoringTable} onChange={(e) => change({ scoringTable: e.target.value as ScoringDraft['scoringTable'] })}>
            {SCORING_TABLES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </FormField>
        {draft.scoringTable === 'custom' && (
          <FormField label="Points by place" htmlFor="scoring-custom-points" required error={errors.customPoints} help="Comma-separated, first place first.">
            <Input id="scoring-custom-points" value={draft.customPoints} invalid={!!errors.customPoints} onChange={(e) => change({ customPoints: e.target.value })} />
          </FormField>
        )}
        <FormField label="Ties in a workout" htmlFor="scoring-ties">
          <Select id="scoring-ties" value={draft.workoutTies} onChange={(e) => change({ workoutTies: e.target.value as ScoringDraft['workoutTies'] })}>
            {WORKOUT_TIES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Equal totals" htmlFor="scoring-overall">
          <Select id="scoring-overall" value={draft.overallTieBreak} onChange={(e) => change({ overallTieBreak: e.target.value as ScoringDraft['overallTieBreak'] })}>
            {OVERALL_TIE_BREAKS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </FormField>
        {draft.overallTieBreak === 'by_workout' && (
          <FormField label="Tie-break workout" htmlFor="scoring-overall-workout" required error={errors.overallWorkoutId}>
            <Select
              id="scoring-overall-workout"
              value={draft.overallWorkoutId}
              invalid={!!errors.overallWorkoutId}
              onChange={(e) => change({ overallWorkoutId: e.target.value })}
            >
              <option value="">Choose a workout</option>
              {event.workouts.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </Select>
          </FormField>
        )}
      </div>

      {event.workouts.length > 0 && (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-700">
            Workout weights (×{WEIGHT_MIN} … ×{WEIGHT_MAX}: the workout&apos;s points are multiplied)
          </legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {event.workouts.map((w) => (
              <FormField key={w.id} label={w.name} htmlFor={`scoring-weight-${w.id}`} error={errors.weights?.[w.id]}>
                <Input
                  id={`scoring-weight-${w.id}`}
                  type="number"
                  inputMode="decimal"
                  step="0.5"
                  min={WEIGHT_MIN}
                  max={WEIGHT_MAX}
                  value={draft.weights[w.id] ?? '1'}
                  invalid={!!errors.weights?.[w.id]}
                  onChange={(e) => change({ weights: { ...draft.weights, [w.id]: e.target.value } })}
                />
              </FormField>
            ))}
          </div>
        </fieldset>
      )}

      {event.divisions.length > 1 && (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-700">Division overrides (a division&apos;s own table or ties)</legend>
          <div className="mt-2 space-y-3">
            {event.divisions.map((d) => {
              const o: DivisionOverride = draft.divisions?.[d.id] ?? { scoringTable: '', workoutTies: '' };
              const set = (next: Partial<DivisionOverride>) => change({ divisions: { ...draft.divisions, [d.id]: { ...o, ...next } } });
              return (
                <div key={d.id} className="grid gap-3 sm:grid-cols-[10rem_1fr_1fr] sm:items-end">
                  <p className="text-sm font-medium text-slate-800 sm:pb-2">{d.name}</p>
                  <FormField label={`${d.name}: points table`} htmlFor={`scoring-division-table-${d.id}`}>
                    <Select id={`scoring-division-table-${d.id}`} value={o.scoringTable}
                      onChange={(e) => set({ scoringTable: e.target.value as DivisionOverride['scoringTable'] })}>
                      <option value="">The event&apos;s</option>
                      {SCORING_TABLES.filter((t) => isDivisionTable(t.value)).map((t) => (
                        <option key={t.value} value={t.value}>
                          {t.label}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField label={`${d.name}: ties in a workout`} htmlFor={`scoring-division-ties-${d.id}`}>
                    <Select id={`scoring-division-ties-${d.id}`} value={o.workoutTies}
                      onChange={(e) => set({ workoutTies: e.target.value as DivisionOverride['workoutTies'] })}>
                      <option value="">The event&apos;s</option>
                      {WORKOUT_TIES.map((t) => (
                        <option key={t.value} value={t.value}>
                          {t.label}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                </div>
              );
            })}
          </div>
        </fieldset>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button variant="secondary" loading={previewing.isPending} onClick={runPreview}>
          Preview standings
        </Button>
        <Button loading={saving.isPending} disabled={!dirty} onClick={runSave}>
          Save scoring
        </Button>
        <InlineAlert message={failure} onDismiss={() => setFailure(null)} />
        {done && (
          <span role="status" className="text-sm text-green-700">
            {done}
          </span>
        )}
      </div>

      {preview && <PreviewTables preview={preview} />}
    </Card>
  );
}

function PreviewTables({ preview }: { preview: ScoringPreview }) {
  return (
    <div className="mt-4 space-y-4" aria-label="Scoring preview">
      <p className="text-sm text-slate-700">
        {preview.changedScores === 0
          ? 'No place or points change under these settings.'
          : `${preview.changedScores} ${preview.changedScores === 1 ? 'result changes' : 'results change'} place or points. Nothing is saved until you save.`}
      </p>
      {preview.divisions.map((d) => (
        <div key={d.divisionId}>
          <h3 className="mb-1 text-sm font-semibold text-slate-800">{d.divisionName}</h3>
          <Table>
            <thead>
              <tr>
                <Th>Team</Th>
                <Th>Now</Th>
                <Th>With these settings</Th>
              </tr>
            </thead>
            <tbody>
              {d.lines.map((l) => {
                const moved = l.rankNow !== l.rankProposed || l.totalNow !== l.totalProposed;
                return (
                  <Tr key={l.teamId}>
                    <Td>{l.teamName}</Td>
                    <Td className="tabular-nums text-slate-600">{standingText(l.rankNow, l.totalNow)}</Td>
                    <Td className={moved ? 'font-semibold tabular-nums text-blue-800' : 'tabular-nums'}>
                      {standingText(l.rankProposed, l.totalProposed)}
                      {moved && <span className="sr-only"> (changed)</span>}
                    </Td>
                  </Tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      ))}
    </div>
  );
}
