import type { BadgeColor } from '@/components/badge';
import type { OutboxMail } from '@/lib/api/types';

export type MailState = { label: string; color: BadgeColor };

/** Sent; failing (an attempt failed: retried later); or waiting (never tried, or no mail server). */
export function mailState(mail: OutboxMail): MailState {
  if (mail.sentAt) return { label: 'Sent', color: 'green' };
  if (mail.lastError) return { label: `Failed ${mail.attempts}×, retrying`, color: 'red' };
  return { label: 'Waiting', color: 'amber' };
}

export type ServiceMail = OutboxMail & { service: string };

/** Every service's mails in one list, newest first. */
export function mergeOutboxes(outboxes: readonly { service: string; mails: readonly OutboxMail[] }[]): ServiceMail[] {
  return outboxes
    .flatMap((box) => box.mails.map((mail) => ({ ...mail, service: box.service })))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
