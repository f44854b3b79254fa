// "Add to calendar" under an athlete's heats: every heat of their teams in one file, which a
// phone opens in its calendar app.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/components/error-panel';
import { saveFile } from '@/lib/download';
import { downloadMyHeatsCalendar } from '../api/calendar';

export function HeatsCalendarButton() {
  const { t } = useTranslation('site');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const file = await downloadMyHeatsCalendar();
      saveFile(file.blob, file.fileName ?? 'my-heats.ics');
    } catch (error) {
      setFailure(`${t('events.calendarFailed')} ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2">
      <button
        type="button"
        disabled={busy}
        onClick={() => void download()}
        className="inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        {t('events.addToCalendar')}
      </button>
      {failure && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}
