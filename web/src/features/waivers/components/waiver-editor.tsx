import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Textarea } from '@/components/form-field';
import { Markdown } from '@/components/markdown';
import { ApiError } from '@/lib/api/client';
import { useEventWaiver, usePutWaiver, type Waiver } from '../api/waivers';

/** The organiser's waiver: Markdown, versioned by the server (a changed text is a new version,
 * which only those who have not accepted it are asked to accept). The typed text survives a
 * failed save. */
export function WaiverEditor({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const query = useEventWaiver(eventId);
  if (query.isPending) return <p className="text-sm text-slate-500">{t('waivers.loading')}</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('waivers.loadFailed', { message: errorMessage(query.error) })}
      </p>
    );
  return <EditorForm eventId={eventId} current={query.data} />;
}

function EditorForm({ eventId, current }: { eventId: string; current: Waiver }) {
  const { t } = useTranslation('console');
  const [body, setBody] = useState(current.body);
  const save = usePutWaiver(eventId);
  const fieldError = save.error instanceof ApiError && save.error.field === 'body' ? errorMessage(save.error) : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p className="text-sm text-slate-600">
        {current.version > 0 ? t('waivers.currentVersion', { version: current.version }) : t('waivers.noWaiver')}
      </p>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(body);
        }}
      >
        <FormField label={t('waivers.text')} htmlFor="waiver-body" required error={fieldError} help={t('waivers.textHelp')}>
          <Textarea id="waiver-body" rows={14} value={body} invalid={!!fieldError} onChange={(e) => setBody(e.target.value)} />
        </FormField>
        <Button type="submit" loading={save.isPending} className="min-h-11">
          {t('waivers.save')}
        </Button>
        {save.error && !fieldError && (
          <p role="alert" className="text-sm text-red-700">
            {t('waivers.saveFailed', { message: errorMessage(save.error) })}
          </p>
        )}
        {save.isSuccess && !save.isPending && (
          <p role="status" className="text-sm text-green-800">
            {t('waivers.saved', { version: save.data.version })}
          </p>
        )}
      </form>
      {body.trim() && (
        <Card title={t('waivers.preview')}>
          <Markdown>{body}</Markdown>
        </Card>
      )}
    </div>
  );
}
