import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Input } from '@/components/form-field';

/** A window as the form holds it: the datetime-local fields' texts. */
export type LocalWindow = { start: string; end: string };

/** The availability windows: none means the whole event; each a start and an end. */
export function AvailabilityFields({ windows, onChange, error }: { windows: LocalWindow[]; onChange: (w: LocalWindow[]) => void; error?: string }) {
  const { t } = useTranslation('site');
  const set = (i: number, w: LocalWindow) => onChange(windows.map((x, j) => (j === i ? w : x)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{t('crew.signUp.availability')}</legend>
      {windows.length === 0 && <p className="text-xs text-slate-500">{t('crew.signUp.wholeEvent')}</p>}
      {windows.map((w, i) => (
        <div key={i} className="grid grid-cols-[1fr_auto] items-end gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_auto]">
          <label className="text-xs text-slate-600">
            {t('crew.signUp.from')}
            <Input type="datetime-local" value={w.start} onChange={(e) => set(i, { ...w, start: e.target.value })} className="min-h-11" />
          </label>
          <label className="col-start-1 text-xs text-slate-600 sm:col-start-auto">
            {t('crew.signUp.until')}
            <Input type="datetime-local" value={w.end} onChange={(e) => set(i, { ...w, end: e.target.value })} className="min-h-11" />
          </label>
          <Button
            variant="ghost"
            className="row-span-2 row-start-1 min-h-11 sm:row-span-1 sm:row-start-auto"
            onClick={() => onChange(windows.filter((_, j) => j !== i))}
            aria-label={t('crew.signUp.removeWindow')}
          >
            ×
          </Button>
        </div>
      ))}
      <Button variant="secondary" className="min-h-11" onClick={() => onChange([...windows, { start: '', end: '' }])}>
        {t('crew.signUp.addWindow')}
      </Button>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
