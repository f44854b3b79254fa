import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select, Textarea } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { useEvent } from '@/lib/queries/events';
import { useSendMessage, useWorkoutHeats, type Audience } from '../api/messages';

const audiences: Audience[] = ['all', 'division', 'heat', 'judges', 'waiver_missing', 'payment_missing'];

/** The organiser's message to a group of the event: by mail now, and a banner on the athletes'
 * registrations (docs/competition-day.md, "Messages"). What was typed stays after a refusal,
 * such as a group with no one in it. */
export function MessageCompose({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const event = useEvent(eventId);
  const [audience, setAudience] = useState<Audience>('all');
  const [divisionId, setDivisionId] = useState('');
  const [workoutId, setWorkoutId] = useState('');
  const [heatId, setHeatId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const heats = useWorkoutHeats(eventId, workoutId, audience === 'heat');
  const send = useSendMessage(eventId);
  const field = send.error instanceof ApiError ? send.error.field : undefined;
  const errorOn = (name: string) => (field === name ? errorMessage(send.error) : undefined);
  const fields = ['audience', 'divisionId', 'heatId', 'subject', 'body'];
  const audienceLabel: Record<Audience, string> = {
    all: t('messages.audienceAll'),
    division: t('messages.audienceDivision'),
    heat: t('messages.audienceHeat'),
    judges: t('messages.audienceJudges'),
    waiver_missing: t('messages.audienceWaiverMissing'),
    payment_missing: t('messages.audiencePaymentMissing'),
  };
  return (
    <form
      className="space-y-3"
      aria-label={t('messages.compose')}
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate(
          {
            audience,
            ...(audience === 'division' ? { divisionId } : {}),
            ...(audience === 'heat' ? { heatId } : {}),
            subject,
            body,
          },
          {
            onSuccess: () => {
              setSubject('');
              setBody('');
            },
          },
        );
      }}
    >
      <FormField label={t('messages.audience')} htmlFor="message-audience" required error={errorOn('audience')}>
        <Select id="message-audience" value={audience} invalid={!!errorOn('audience')} onChange={(e) => setAudience(e.target.value as Audience)}>
          {audiences.map((a) => (
            <option key={a} value={a}>
              {audienceLabel[a]}
            </option>
          ))}
        </Select>
      </FormField>
      {audience === 'division' && (
        <FormField label={t('messages.division')} htmlFor="message-division" required error={errorOn('divisionId')}>
          <Select id="message-division" value={divisionId} invalid={!!errorOn('divisionId')} onChange={(e) => setDivisionId(e.target.value)}>
            <option value="">{t('messages.chooseDivision')}</option>
            {(event.data?.divisions ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      {audience === 'heat' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={t('messages.workout')} htmlFor="message-workout" required>
            <Select
              id="message-workout"
              value={workoutId}
              onChange={(e) => {
                setWorkoutId(e.target.value);
                setHeatId('');
              }}
            >
              <option value="">{t('messages.chooseWorkout')}</option>
              {(event.data?.workouts ?? []).map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('messages.heat')} htmlFor="message-heat" required error={errorOn('heatId')}>
            <Select id="message-heat" value={heatId} invalid={!!errorOn('heatId')} disabled={!workoutId} onChange={(e) => setHeatId(e.target.value)}>
              <option value="">{t('messages.chooseHeat')}</option>
              {(heats.data ?? []).map((h) => (
                <option key={h.id} value={h.id}>
                  {t('messages.heatOption', { number: h.number, teams: h.lanes.length })}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      )}
      <FormField label={t('messages.subject')} htmlFor="message-subject" required error={errorOn('subject')}>
        <Input id="message-subject" maxLength={150} value={subject} invalid={!!errorOn('subject')} onChange={(e) => setSubject(e.target.value)} />
      </FormField>
      <FormField label={t('messages.body')} htmlFor="message-body" required error={errorOn('body')} help={t('messages.bodyHelp')}>
        <Textarea id="message-body" rows={8} maxLength={5000} value={body} invalid={!!errorOn('body')} onChange={(e) => setBody(e.target.value)} />
      </FormField>
      <Button type="submit" loading={send.isPending} className="min-h-11">
        {t('messages.send')}
      </Button>
      {send.error && !fields.includes(field ?? '') && (
        <p role="alert" className="text-sm text-red-700">
          {t('messages.sendFailed', { message: errorMessage(send.error) })}
        </p>
      )}
      {send.isSuccess && !send.isPending && (
        <p role="status" className="text-sm text-green-800">
          {t('messages.sent', { count: send.data.recipientCount ?? 0, group: send.data.audienceLabel })}
        </p>
      )}
    </form>
  );
}
