import { describe, expect, it } from 'vitest';
import type { OutboxMail } from '@/lib/api/types';
import { mailState, mergeOutboxes } from './mail-state';

const mail = (over: Partial<OutboxMail>): OutboxMail => ({
  id: 'm', to: 'anna@example.com', subject: 'Hello', text: 'Hi', createdAt: '2026-11-25T09:00:00Z', attempts: 0,
  nextAttemptAt: '2026-11-25T09:00:00Z', lastError: '', sentAt: null, readings: [], ...over,
});

describe('mailState', () => {
  it('tells sent, failing and waiting apart', () => {
    expect(mailState(mail({ sentAt: '2026-11-25T09:00:01Z', attempts: 1 })).label).toBe('Sent');
    expect(mailState(mail({ attempts: 3, lastError: 'connection refused' })).label).toBe('Failed 3×, retrying');
    expect(mailState(mail({})).label).toBe('Waiting');
  });
});

describe('mergeOutboxes', () => {
  it('puts every service\'s mails in one list, newest first', () => {
    const merged = mergeOutboxes([
      { service: 'auth', mails: [mail({ id: 'a2', createdAt: '2026-11-25T09:02:00Z' }), mail({ id: 'a1', createdAt: '2026-11-25T09:00:00Z' })] },
      { service: 'competition', mails: [mail({ id: 'c1', createdAt: '2026-11-25T09:01:00Z' })] },
    ]);
    expect(merged.map((m) => `${m.service}:${m.id}`)).toEqual(['auth:a2', 'competition:c1', 'auth:a1']);
  });
});
