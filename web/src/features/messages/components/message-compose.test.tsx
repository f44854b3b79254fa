import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { MessageCompose } from './message-compose';

afterEach(() => vi.unstubAllGlobals());

const event = {
  id: 'ev1', name: 'Games', divisions: [{ id: 'd1', name: 'RX Pairs' }, { id: 'd2', name: 'Masters' }], workouts: [],
};

describe('MessageCompose', () => {
  it('keeps what was typed when the group is empty, shows the server message, then sends', async () => {
    let answer: { status?: number; body: unknown } = {
      status: 400,
      body: { code: 3, message: 'No one is in this group: nothing was sent.', field: 'audience' },
    };
    const fetchSpy = mockFetch((url, init) => {
      if (url.pathname === '/api/events/ev1' && init.method !== 'POST') return { body: event };
      if (url.pathname === '/api/events/ev1/messages' && init.method === 'POST') return answer;
      if (url.pathname === '/api/events/ev1/messages') return { body: { messages: [] } };
      return undefined;
    });
    renderWithApp(<MessageCompose eventId="ev1" />);
    await userEvent.selectOptions(screen.getByLabelText(/^Send to/), 'division');
    await userEvent.selectOptions(await screen.findByLabelText(/^Division/), await screen.findByRole('option', { name: 'Masters' }));
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Parking');
    await userEvent.type(screen.getByLabelText(/^Message/), 'Park behind the hall.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('No one is in this group: nothing was sent.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('Parking');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Park behind the hall.');
    expect(screen.getByLabelText(/^Division/)).toHaveValue('d2');
    const [, init] = fetchSpy.mock.calls.filter(([url, i]) => String(url).endsWith('/messages') && i?.method === 'POST').at(-1)!;
    expect(JSON.parse(String(init?.body))).toEqual({ audience: 'division', divisionId: 'd2', subject: 'Parking', body: 'Park behind the hall.' });

    answer = { body: { id: 'm1', audience: 'division', audienceLabel: 'Division RX Pairs', subject: 'Parking', recipientCount: 4, recipients: [] } };
    await userEvent.selectOptions(screen.getByLabelText(/^Division/), 'd1');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Sent to 4 people (Division RX Pairs).')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
  });

  it('says why a send failed for a reason of no field', async () => {
    mockFetch((url, init) => {
      if (url.pathname === '/api/events/ev1' && init.method !== 'POST') return { body: event };
      if (url.pathname === '/api/events/ev1/messages' && init.method === 'POST') return { status: 403, body: { code: 7, message: 'You do not have access to this event' } };
      return undefined;
    });
    renderWithApp(<MessageCompose eventId="ev1" />);
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Hello');
    await userEvent.type(screen.getByLabelText(/^Message/), 'Welcome.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not sent: You do not have access to this event');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Welcome.');
  });
});
