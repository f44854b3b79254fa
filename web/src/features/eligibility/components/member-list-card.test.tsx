import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { MemberListCard } from './member-list-card';
import { OverridesCard } from './overrides-card';

afterEach(() => vi.unstubAllGlobals());

describe('MemberListCard', () => {
  it('lists each refused line, keeps the pasted list, then says how many members were imported', async () => {
    let answer: unknown = { imported: 0, errors: [{ line: 3, message: 'Line 3: Birth date must be a date like 2001-05-31' }] };
    const fetchSpy = mockFetch((url) => {
      if (url.pathname === '/api/events/ev1/members') return { body: { members: [], count: 0, importedAt: '', importedBy: '' } };
      if (url.pathname === '/api/events/ev1/members/import') return { body: answer };
      return undefined;
    });
    renderWithApp(<MemberListCard eventId="ev1" />);
    expect(await screen.findByText(/No member list yet/)).toBeInTheDocument();
    const list = 'Number,Name,Birth date,Valid until\nA-1,Ann Lee,1990-04-02,2027-12-31\nA-2,Bob Roe,02/05/1991,2027-12-31';
    await userEvent.type(screen.getByLabelText(/^Federation member list/), list);
    await userEvent.click(screen.getByRole('button', { name: 'Import member list' }));
    expect(await screen.findByText('Line 3: Birth date must be a date like 2001-05-31')).toBeInTheDocument();
    expect(screen.getByText('Nothing imported: 1 line to correct.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Federation member list/)).toHaveValue(list);

    answer = { imported: 2, errors: [], importedAt: '2026-11-29T12:00:00Z' };
    await userEvent.click(screen.getByRole('button', { name: 'Import member list' }));
    expect(await screen.findByText('Imported: 2 members.')).toBeInTheDocument();
    const [, init] = fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/members/import')).at(-1)!;
    expect(JSON.parse(String(init?.body))).toEqual({ csv: list });
  });
});

describe('OverridesCard', () => {
  it('shows a refusal under its field and keeps what was typed', async () => {
    mockFetch((url, init) => {
      if (url.pathname === '/api/events/ev1/eligibility/overrides' && init.method === 'POST')
        return { status: 400, body: { code: 3, message: 'Reason is required: the activity records why the athlete may enter', field: 'reason' } };
      if (url.pathname === '/api/events/ev1/eligibility/overrides') return { body: { overrides: [] } };
      return undefined;
    });
    renderWithApp(<OverridesCard eventId="ev1" divisions={[{ id: 'd1', name: 'RX Pairs' }]} />);
    await userEvent.type(screen.getByLabelText(/^Athlete's email/), 'bob@example.com');
    await userEvent.selectOptions(screen.getByLabelText(/^Rule/), 'drop_back');
    await userEvent.click(screen.getByRole('button', { name: 'Add override' }));
    expect(await screen.findByText('Reason is required: the activity records why the athlete may enter')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Athlete's email/)).toHaveValue('bob@example.com');
    expect(screen.getByLabelText(/^Rule/)).toHaveValue('drop_back');
  });
});
