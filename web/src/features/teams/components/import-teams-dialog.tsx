import { useState, type ChangeEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { ErrorPanel } from '@/components/error-panel';
import { Modal } from '@/components/modal';
import type { TeamImport } from '@/lib/api/types';
import { formatNumber } from '@/lib/i18n/format';
import { useImportTeams } from '../api/import-teams';
import { capacityRefusal } from '../hooks/use-save-team-grid';
import { BeyondCapacity } from './beyond-capacity';

type Checked = { csv: string; result: TeamImport };

/**
 * Import CSV on the team grid: the organiser pastes or picks the registration export, checks it
 * (a dry run that shows the first 100 teams and wrong lines and counts them all), mends it, then
 * imports all at once (docs/boards.md, "Team imports").
 */
export function ImportTeamsDialog({ eventId, divisionId, open, onClose }: {
  eventId: string;
  divisionId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const [csv, setCsv] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const mutation = useImportTeams();
  const [beyondCapacity, setBeyondCapacity] = useState(false);
  const overCapacity = capacityRefusal(mutation.error);
  const current = checked?.csv === csv ? checked.result : null;
  const ready = current !== null && current.errorCount === 0 && current.createdCount > 0;

  const check = () =>
    mutation.mutate(
      { eventId, divisionId, csv, dryRun: true },
      { onSuccess: (result) => setChecked({ csv, result }) },
    );
  const commit = () =>
    mutation.mutate(
      { eventId, divisionId, csv, dryRun: false, beyondCapacity },
      {
        onSuccess: (result) => {
          if (result.errorCount > 0) {
            setChecked({ csv, result }); // changed meanwhile on the server: show why
            return;
          }
          setImported(result.createdCount);
          setCsv('');
          setChecked(null);
        },
      },
    );
  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) setCsv(await file.text());
    e.target.value = '';
  };
  const close = () => {
    setImported(null);
    mutation.reset();
    onClose();
  };

  return (
    <Modal open={open} title={t('teamImport.title')} onClose={close}>
      <div className="space-y-3 text-sm">
        <p className="text-slate-600">
          <Trans t={t} i18nKey="teamImport.help" values={{ max: formatNumber(100000) }} components={{ b: <strong /> }} />
        </p>
        <label className="block">
          <span className="mb-1 block font-medium text-slate-700">{t('teamImport.csv')}</span>
          <textarea
            aria-label={t('teamImport.csv')}
            className="h-32 w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            placeholder={'Team Name,Athlete 1,Athlete 2\nBarbell Bros,Ann Lee,Bea Kim'}
          />
        </label>
        <label className="block text-slate-600">
          {t('teamImport.chooseFile')} <input type="file" accept=".csv,text/csv,text/plain" onChange={readFile} className="text-xs" />
        </label>
        {overCapacity && <BeyondCapacity message={overCapacity} checked={beyondCapacity} onChange={setBeyondCapacity} />}
        {mutation.isError && !overCapacity && (
          <ErrorPanel title={mutation.variables?.dryRun ? t('teamImport.checkFailed') : t('teamImport.importFailed')} error={mutation.error} />
        )}
        {imported !== null && (
          <p role="status" className="rounded-md bg-green-50 p-2 text-green-800">
            {t('teamImport.imported', { count: imported, n: formatNumber(imported) })}
          </p>
        )}
        {current && <ImportPreview result={current} />}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t('teamImport.close')}
          </Button>
          <Button variant="secondary" onClick={check} disabled={!csv.trim()} loading={mutation.isPending && !ready}>
            {t('teamImport.check')}
          </Button>
          <Button onClick={commit} disabled={!ready} loading={mutation.isPending && ready}>
            {ready ? t('teamImport.importCount', { count: current.createdCount, n: formatNumber(current.createdCount) }) : t('teamImport.import')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function ImportPreview({ result }: { result: TeamImport }) {
  const { t } = useTranslation('console');
  const count = (n: number) => ({ count: n, n: formatNumber(n) });
  return (
    <div className="space-y-2">
      {result.errors.length > 0 && (
        <ul aria-label={t('teamImport.linesToFix')} className="max-h-48 space-y-1 overflow-auto rounded-md bg-red-50 p-2 text-red-800">
          {result.errors.map((e) => (
            <li key={e.line}>{t('teamImport.line', { line: e.line, message: e.message })}</li>
          ))}
        </ul>
      )}
      {result.errorCount > result.errors.length && (
        <p className="text-red-800">{t('teamImport.moreLines', { ...count(result.errorCount), shown: formatNumber(result.errors.length) })}</p>
      )}
      <p className="text-slate-600">
        {result.errorCount > 0 ? t('teamImport.nothingUntilRight') : t('teamImport.ready', count(result.createdCount))}
      </p>
      {result.created.length > 0 && (
        <div className="max-h-48 overflow-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-xs">
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                <th className="px-2 py-1">{t('teamImport.teamName')}</th>
                <th className="px-2 py-1">{t('teamImport.athlete1')}</th>
                <th className="px-2 py-1">{t('teamImport.athlete2')}</th>
              </tr>
            </thead>
            <tbody>
              {result.created.map((team, i) => (
                <tr key={i} className="border-t border-slate-100">
                  <td className="px-2 py-1">{team.name}</td>
                  <td className="px-2 py-1">{team.athlete1Name}</td>
                  <td className="px-2 py-1">{team.athlete2Name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.createdTruncated && (
        <p className="text-slate-600">{t('teamImport.firstTeams', { ...count(result.createdCount), shown: formatNumber(result.created.length) })}</p>
      )}
    </div>
  );
}
