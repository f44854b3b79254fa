import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/components/error-panel';
import { saveFile } from '@/lib/download';
import { downloadTeamsCsv } from '../api/teams';

/** Downloads a division's teams as CSV; a failure is kept as a message to show, never a silent
 * empty file. */
export function useTeamsCsvExport(divisionId: string) {
  const { t } = useTranslation('console');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const file = await downloadTeamsCsv(divisionId);
      saveFile(file.blob, file.fileName ?? 'teams.csv');
    } catch (error) {
      setFailure(t('teamExport.failed', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };
  return { download, busy, failure, label: t('teamExport.button') };
}
