import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceMail } from '../rules/mail-state';
import { OutboxList } from './outbox-list';

const mail = (over: Partial<ServiceMail>): ServiceMail => ({
  service: 'auth', id: 'm1', to: 'omar@example.com', subject: 'Reset your Podium password', text: 'https://podium.test/reset?token=x',
  createdAt: '2026-11-25T08:00:00Z', attempts: 0, nextAttemptAt: '2026-11-25T08:00:00Z', lastError: '', sentAt: null, readings: [], ...over,
});

describe('OutboxList', () => {
  it('says who read a secret mail, how often and when last', () => {
    render(
      <OutboxList
        mails={[
          mail({ readings: [{ reader: 'root', subject: 'Reset your Podium password', firstReadAt: '2026-11-25T08:02:00Z', lastReadAt: '2026-11-25T08:12:00Z', times: 3 }] }),
          mail({ id: 'm2', subject: 'Welcome' }),
        ]}
      />,
    );
    expect(screen.getByText(/^Link read by root \(3×, last \d\d:12\)$/)).toBeInTheDocument();
    expect(screen.getAllByText(/Link read by/)).toHaveLength(1);
  });
});
