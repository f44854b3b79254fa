// One lane's score on a judge link's phone (docs/judging.md): the judge types, confirms, and
// Save keeps the score on the phone at once (IndexedDB) and queues it; the queue sends it when
// it can. What is typed but not saved yet is a draft that survives a reload.
import { useEffect, useState } from 'react';
import { cn } from '@/components/cn';
import type { JudgeScoreInput, JudgeSheet, JudgeSheetHeat, JudgeSheetLane } from '@/lib/api/types';
import { clearDraft, loadDraft, saveDraft } from '@/lib/unsaved/draft-store';
import { clientId } from '../rules/client-id';
import { EMPTY_ENTRY, entryShown, entryText, firstKind, isBlank, parseEntry, type JudgeEntry } from '../rules/judge-entry';
import { JudgeEntryFields } from './judge-entry-fields';
import { bigButton } from './judge-styles';
import { scoreTypeWord } from '@/lib/i18n/words';
import { Trans, useTranslation } from 'react-i18next';
import { LaneTeamName } from './lane-team-name';
import { laneNames } from '../rules/lane-names';

export function JudgeLinkEntry({ sheet, heat, lane, known, onSave, onBack }: {
  sheet: JudgeSheet;
  heat: JudgeSheetHeat;
  lane: JudgeSheetLane;
  /** The lane's value as the phone knows it ("" none): the score is based on it. */
  known: string;
  onSave: (text: string, input: JudgeScoreInput) => Promise<void>;
  onBack: () => void;
}) {
  const key = `judge-link:${heat.id}:${lane.lane}:${lane.teamId}`;
  const fresh = (): JudgeEntry => ({ ...EMPTY_ENTRY, kind: firstKind(sheet.scoreType) });
  const [entry, setEntry] = useState<JudgeEntry>(() => loadDraft<JudgeEntry>(key) ?? fresh());
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => saveDraft(key, isBlank(entry) ? null : entry), [key, entry]);

  const parsed = parseEntry(entry, sheet.scoreType, sheet);
  const shown = parsed.ok ? entryText(entry) : '';
  const { t } = useTranslation('judge');
  const cap = sheet.scoreType === 'TIME' && sheet.timeCapText ? ` · ${t('lane.cap', { cap: sheet.timeCapText })}` : '';

  const confirm = () => {
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    setConfirming(true);
  };
  const save = async () => {
    if (!parsed.ok) return;
    setSaving(true);
    try {
      await onSave(shown, { ...parsed.result, teamId: lane.teamId, scaled: !!entry.scaled, clientId: clientId(), basedOn: known });
      clearDraft(key);
      onBack();
    } catch (e) {
      setError(t('lane.notKept', { message: e instanceof Error ? e.message : t('lane.phoneRefused') }));
      setSaving(false);
    }
  };

  return (
    <section aria-label={t('lane.lane', { lane: lane.lane })} className="space-y-3">
      <button type="button" onClick={onBack} className="min-h-11 text-left text-base font-medium text-blue-700 underline">
        {t('link.back', { number: heat.number })}
      </button>
      <div className="rounded-2xl bg-slate-900 px-4 py-3 text-white">
        <h2 className="text-xl font-bold leading-tight">
          <span className="mr-2 text-sm font-medium uppercase tracking-wide text-slate-300">{t('lane.lane', { lane: lane.lane })}</span>
          <LaneTeamName lane={lane} rosterClassName="mt-1 text-slate-200" />
        </h2>
        <p className="text-sm text-slate-300">
          {sheet.workoutName} · {scoreTypeWord(sheet.scoreType)}
          {cap}
        </p>
        {known && (
          <p className="mt-1 text-sm">
            {t('lane.onRecord')} <strong>{known}</strong>
          </p>
        )}
      </div>
      <JudgeEntryFields
        entry={entry}
        workout={sheet}
        onChange={(patch) => {
          setEntry((e) => ({ ...e, ...patch }));
          setError(null);
          setConfirming(false);
        }}
        onSubmit={confirm}
      >
        {error && (
          <p role="alert" className="text-base font-medium text-red-700">
            {error}
          </p>
        )}
        {confirming ? (
          <div className="space-y-2 rounded-2xl border-2 border-blue-600 bg-white p-3">
            <p className="text-center text-lg">
              <Trans t={t} i18nKey="outcome.saveQuestion" values={{ shown: parsed.ok ? entryShown(entry) : shown, teamName: laneNames(lane).title }} components={{ b: <strong className="text-2xl" /> }} />
            </p>
            <div className="grid grid-cols-2 gap-2">
              <button type="button" onClick={() => setConfirming(false)} disabled={saving} className={cn(bigButton, 'border-2 border-slate-300 bg-white')}>
                {t('outcome.edit')}
              </button>
              <button type="button" onClick={() => void save()} disabled={saving} className={cn(bigButton, 'bg-green-700 text-white')}>
                {t('outcome.save')}
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" className={cn(bigButton, 'w-full bg-blue-600 text-white')}>
            {t('outcome.confirm')}
          </button>
        )}
      </JudgeEntryFields>
    </section>
  );
}
