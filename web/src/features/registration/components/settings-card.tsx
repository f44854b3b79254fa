import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { useEvent } from '@/lib/queries/events';
import { DRAFT_TEXTS } from '@/components/draft-event-banner';
import { usePutSettings, useRegistrationSettings, type RegistrationSettings } from '../api/registration';
import { feeCents, feeText, fromLocalInput, toLocalInput } from '../rules/settings-form';

type Draft = {
  opensAt: string;
  closesAt: string;
  refundDeadline: string;
  capacity: string;
  fee: string;
  currency: string;
  waitlist: boolean;
  approvalRequired: boolean;
};

const draftOf = (s: RegistrationSettings | undefined): Draft => ({
  opensAt: toLocalInput(s?.opensAt ?? ''),
  closesAt: toLocalInput(s?.closesAt ?? ''),
  refundDeadline: toLocalInput(s?.refundDeadline ?? ''),
  capacity: s?.configured ? String(s.capacity) : '',
  fee: feeText(s?.feeCents ?? 0),
  currency: s?.currency || 'EUR',
  waitlist: s?.configured ? s.waitlist : true,
  approvalRequired: s?.approvalRequired ?? false,
});

/** A division's registration settings (the organiser's): window, places, fee, waiting list, approval. */
export function RegistrationSettingsCard({ divisionId, eventId }: { divisionId: string; eventId: string }) {
  const settings = useRegistrationSettings(divisionId);
  const draftEvent = useEvent(eventId).data?.status === 'DRAFT';
  const save = usePutSettings(divisionId);
  const [draft, setDraft] = useState<Draft>(draftOf(undefined));
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(draftOf(settings.data));
  }, [settings.data]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const serverField = save.error instanceof ApiError ? save.error.field : null;
  const fieldError = (f: string) => (serverField === f ? save.error?.message : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = feeCents(draft.fee);
    if (cents === null) {
      setLocal('Entry fee must be an amount such as 40 or 40.50');
      return;
    }
    setLocal(null);
    save.mutate({
      opensAt: fromLocalInput(draft.opensAt),
      closesAt: fromLocalInput(draft.closesAt),
      refundDeadline: fromLocalInput(draft.refundDeadline),
      capacity: Number(draft.capacity) || 0,
      feeCents: cents,
      currency: draft.currency,
      waitlist: draft.waitlist,
      approvalRequired: draft.approvalRequired,
    });
  };

  return (
    <Card title="Registration" className="max-w-2xl">
      {settings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Registration settings could not be loaded: {errorMessage(settings.error)}
        </p>
      ) : (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
          {draftEvent && (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm font-medium text-amber-900 sm:col-span-2">
              {DRAFT_TEXTS.registration}
            </p>
          )}
          <p className="text-sm text-slate-600 sm:col-span-2">
            {settings.data?.configured ? 'Athletes register teams from the public event page in this window.' : 'Not open for registration yet.'}
          </p>
          <FormField label="Opens at" htmlFor="reg-opens" required error={fieldError('opensAt')}>
            <Input id="reg-opens" type="datetime-local" value={draft.opensAt} onChange={(e) => set('opensAt', e.target.value)} />
          </FormField>
          <FormField label="Closes at" htmlFor="reg-closes" required error={fieldError('closesAt')}>
            <Input id="reg-closes" type="datetime-local" value={draft.closesAt} onChange={(e) => set('closesAt', e.target.value)} />
          </FormField>
          <FormField label="Places (teams)" htmlFor="reg-capacity" required error={fieldError('capacity')}>
            <Input id="reg-capacity" inputMode="numeric" value={draft.capacity} onChange={(e) => set('capacity', e.target.value)} />
          </FormField>
          <div className="grid grid-cols-[1fr_6rem] gap-2">
            <FormField label="Entry fee" htmlFor="reg-fee" error={local ?? fieldError('feeCents')} help="Empty for free">
              <Input id="reg-fee" inputMode="decimal" value={draft.fee} onChange={(e) => set('fee', e.target.value)} />
            </FormField>
            <FormField label="Currency" htmlFor="reg-currency" error={fieldError('currency')}>
              <Input id="reg-currency" value={draft.currency} maxLength={3} onChange={(e) => set('currency', e.target.value.toUpperCase())} />
            </FormField>
          </div>
          <FormField
            label="Refund deadline"
            htmlFor="reg-refund"
            error={fieldError('refundDeadline')}
            help="A withdrawal before it refunds a fee paid online; empty: no refunds"
          >
            <Input id="reg-refund" type="datetime-local" value={draft.refundDeadline} onChange={(e) => set('refundDeadline', e.target.value)} />
          </FormField>
          <div className="hidden sm:block" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={draft.waitlist} onChange={(e) => set('waitlist', e.target.checked)} /> Waiting list when full
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={draft.approvalRequired} onChange={(e) => set('approvalRequired', e.target.checked)} /> I approve each team
          </label>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" loading={save.isPending}>
              {settings.data?.configured ? 'Save registration' : 'Open registration'}
            </Button>
            {save.isSuccess && !save.isPending && <span className="text-sm text-green-700">Saved.</span>}
            {save.error && !serverField && (
              <span role="alert" className="text-sm text-red-700">
                Saving failed: {errorMessage(save.error)}
              </span>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
