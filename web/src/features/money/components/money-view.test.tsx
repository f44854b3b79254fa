import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MoneyView } from './money-view';

let reply: () => Response;
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => reply()));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line = (over: Record<string, unknown>) => ({
  divisionId: 'd1', divisionName: 'RX Pairs', currency: 'EUR', paidOnlineCents: '0', paidOnlineCount: 0, paidByHandCents: '8000', paidByHandCount: 2,
  refundedCents: '0', refundedCount: 0, owedCents: '4000', owedCount: 1, netCents: '8000', refundDueCents: '0', refundDueCount: 0, discountCents: '0', discountCount: 0, ...over,
});

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MoneyView eventId="e1" />
    </QueryClientProvider>,
  );
}

describe('money view', () => {
  it('shows each division and the totals with their counts', async () => {
    reply = () => new Response(JSON.stringify({ divisions: [line({})], totals: [line({ divisionId: '', divisionName: '' })] }), { status: 200 });
    renderView();
    const rx = (await screen.findByRole('rowheader', { name: 'RX Pairs' })).closest('tr')!;
    const cells = within(rx).getAllByRole('cell').map((c) => c.textContent);
    // online, by hand, refunded, owed, net
    expect(cells[1]).toMatch(/80\.00.*\(2\)/);
    expect(cells[3]).toMatch(/40\.00.*\(1\)/);
    expect(cells[4]).toMatch(/80\.00/);
    expect(screen.getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('says so when there is nothing and when the view cannot be loaded', async () => {
    reply = () => new Response(JSON.stringify({ divisions: [], totals: [] }), { status: 200 });
    renderView();
    expect(await screen.findByText('No registration with an entry fee yet.')).toBeInTheDocument();
    cleanup();
    reply = () => new Response(JSON.stringify({ code: 'permission_denied', message: 'You need the organiser grant on this event' }), { status: 403 });
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('The money view could not be loaded: You need the organiser grant on this event');
  });
});
