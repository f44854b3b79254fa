import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import type { Penalty, PenaltyKind, Result } from '@/lib/api/types';
import { useUpdateResult } from '../api/results';
import { amountText, PENALTY_LABELS, penaltyKinds } from '@/lib/penalty';
import { parseMarks, type MarksForm } from '../rules/marks';

const AMOUNT_LABEL: Record<PenaltyKind, string> = {
  time: 'Time added (M:SS or seconds)',
  reps: 'Reps deducted',
  points: 'Points deducted',
};

/** The server's field for a refusal, without the penalty's prefix: "kind", "amount", "reason". */
const refusedField = (error: unknown) => (error instanceof ApiError ? (error.field ?? '').replace(/^penalty\./, '') : '');

/**
 * The Marks side panel of the result grid: a saved result done Scaled (placed below every Rx
 * result of the workout), and its penalty with the reason the boards show (docs/scoring.md).
 * Saved at once with the result's values; a change of a published result is pending like any.
 */
export function ResultMarksPanel({ row, onClose }: { row: Result; onClose: () => void }) {
  const id = useId();
  const kinds = penaltyKinds(row);
  const [form, setForm] = useState<MarksForm>({
    scaled: row.scaled,
    kind: (row.penalty?.kind as PenaltyKind | undefined) ?? '',
    amount: amountText(row.penalty as Penalty | null),
    reason: row.penalty?.reason ?? '',
  });
  const [localError, setLocalError] = useState<string | null>(null);
  const update = useUpdateResult();
  const refused = update.isError ? refusedField(update.error) : '';
  const serverError = update.isError ? errorMessage(update.error) : null;
  const set = (patch: Partial<MarksForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setLocalError(null);
    update.reset();
  };
  const save = () => {
    const parsed = parseMarks(form);
    if (!parsed.ok) return setLocalError(parsed.error);
    if (!row.id) return;
    update.mutate(
      { id: row.id, status: row.status as Exclude<Result['status'], 'not_started'>, resultValue: row.resultValue, cappedReps: row.cappedReps,
        tiebreakValue: row.tiebreakValue, ...parsed.marks },
      { onSuccess: onClose },
    );
  };
  const fieldError = (name: string) => (refused === name ? (serverError ?? undefined) : undefined);

  return (
    <aside
      aria-label="Result marks"
      className="fixed inset-y-0 right-0 z-40 w-full max-w-sm overflow-y-auto border-l border-slate-200 bg-white p-5 shadow-xl"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Scaled and penalty</h2>
          <p className="text-sm text-slate-600">
            {row.teamName} · {row.resultText}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5" checked={form.scaled} onChange={(e) => set({ scaled: e.target.checked })} />
          <span>
            <span className="font-medium">Scaled</span>
            <span className="block text-xs text-slate-500">Placed below every Rx result of this workout.</span>
          </span>
        </label>
        <FormField label="Penalty" htmlFor={`${id}-kind`} error={fieldError('kind')}
          help={kinds.length === 0 ? 'A DNS or DQ result has no place to penalise.' : undefined}>
          <Select id={`${id}-kind`} value={form.kind} invalid={refused === 'kind'} onChange={(e) => set({ kind: e.target.value as MarksForm['kind'] })}>
            <option value="">None</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {PENALTY_LABELS[k]}
              </option>
            ))}
          </Select>
        </FormField>
        {form.kind !== '' && (
          <>
            <FormField label={AMOUNT_LABEL[form.kind]} htmlFor={`${id}-amount`} required error={localError ?? fieldError('amount')}>
              <Input id={`${id}-amount`} inputMode="decimal" value={form.amount} invalid={!!localError || refused === 'amount'}
                onChange={(e) => set({ amount: e.target.value })} />
            </FormField>
            <FormField label="Reason (shown on the boards)" htmlFor={`${id}-reason`} required error={fieldError('reason')}>
              <Input id={`${id}-reason`} maxLength={200} value={form.reason} invalid={refused === 'reason'}
                onChange={(e) => set({ reason: e.target.value })} />
            </FormField>
          </>
        )}
        {serverError && !['kind', 'amount', 'reason'].includes(refused) && (
          <p role="alert" className="text-sm text-red-700">
            {serverError}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" loading={update.isPending}>
            Save marks
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </aside>
  );
}
