import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Textarea } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { saveFile } from '@/lib/download';
import { formatDateTime } from '@/lib/dates';
import { downloadMembersCsv, useImportMembers, useMembers } from '../api/eligibility';

/** The event's member list (the organiser's): the federation's CSV pasted or read from a file
 * replaces it whole, or nothing changes and each refused line is listed; the export is the
 * list in the same columns. The pasted text survives a refused import. */
export function MemberListCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const members = useMembers(eventId);
  const importer = useImportMembers(eventId);
  const [csv, setCsv] = useState('');
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const csvError = importer.error instanceof ApiError && importer.error.field === 'csv' ? errorMessage(importer.error) : undefined;
  const result = importer.data;
  const download = async () => {
    try {
      const file = await downloadMembersCsv(eventId);
      saveFile(file.blob, file.fileName ?? 'members.csv');
      setExportFailure(null);
    } catch (error) {
      setExportFailure(t('eligibility.exportFailed', { message: errorMessage(error) }));
    }
  };
  return (
    <Card title={t('eligibility.membersTitle')}>
      <p className="mb-3 text-sm text-slate-700">
        {members.data && members.data.importedAt
          ? t('eligibility.membersCount', { count: members.data.count, at: formatDateTime(members.data.importedAt), by: members.data.importedBy })
          : t('eligibility.membersNone')}
      </p>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          importer.mutate(csv);
        }}
      >
        <FormField label={t('eligibility.membersCsv')} htmlFor="members-csv" error={csvError} help={t('eligibility.membersCsvHelp')}>
          <Textarea id="members-csv" rows={6} value={csv} invalid={!!csvError} onChange={(e) => setCsv(e.target.value)} className="font-mono" />
        </FormField>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label={t('eligibility.membersFile')}
          className="block text-sm"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void file.text().then(setCsv);
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={importer.isPending} className="min-h-11">
            {t('eligibility.membersImport')}
          </Button>
          <Button type="button" variant="secondary" className="min-h-11" onClick={() => void download()}>
            {t('eligibility.membersExport')}
          </Button>
        </div>
        {importer.error && !csvError && (
          <p role="alert" className="text-sm text-red-700">
            {t('eligibility.importFailed', { message: errorMessage(importer.error) })}
          </p>
        )}
        {exportFailure && (
          <p role="alert" className="text-sm text-red-700">
            {exportFailure}
          </p>
        )}
        {result && result.errors.length > 0 && (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{t('eligibility.importRefused', { count: result.errors.length })}</p>
            <ul className="mt-1 list-disc pl-5">
              {result.errors.map((le) => (
                <li key={le.line}>{le.message}</li>
              ))}
            </ul>
          </div>
        )}
        {result && result.errors.length === 0 && (
          <p role="status" className="text-sm text-green-800">
            {t('eligibility.imported', { count: result.imported })}
          </p>
        )}
      </form>
    </Card>
  );
}
