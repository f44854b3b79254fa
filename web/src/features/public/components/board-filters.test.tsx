import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import type { BoardPage, BoardRow } from '../api/types';
import PagedBoard from './paged-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (position: number, name: string, club: string, country: string): BoardRow =>
  ({
    position,
    club,
    country,
    standing: { teamId: `t${position}`, teamName: name, rank: position, withdrawn: false, athlete1Name: '', athlete2Name: '', totalPoints: 100 - position },
  }) as unknown as BoardRow;

const page = (rows: BoardRow[], total: number): BoardPage =>
  ({
    event: { id: 'ev' },
    division: { id: 'div', teamSize: 2 },
    page: 1,
    pageSize: 50,
    total,
    pages: Math.max(1, Math.ceil(total / 50)),
    rows,
  }) as unknown as BoardPage;

const whole = page([row(1, 'Alpine Pair', 'Alpine Club', 'CH'), row(2, 'Nord Pair', 'Nord Box', 'NZ'), row(3, 'Kiwi Duo', 'Nord Box', 'NZ')], 3);

describe('PagedBoard filters', () => {
  it('asks the server for the club and country, keeps them in the address and clears them', async () => {
    const asked: URL[] = [];
    mockFetch((url) => {
      if (!url.pathname.endsWith('/board')) return undefined;
      asked.push(url);
      return { body: page([row(2, 'Nord Pair', 'Nord Box', 'NZ'), row(3, 'Kiwi Duo', 'Nord Box', 'NZ')], 2) };
    });
    const { router } = renderWithApp(<PagedBoard first={whole} label="Standings" />, '/public/events/ev/divisions/div');
    expect(screen.getByText('Alpine Pair')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Club'), { target: { value: ' nord box ' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'nz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));

    expect(await screen.findByText('Kiwi Duo')).toBeInTheDocument();
    expect(screen.queryByText('Alpine Pair')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?club=nord+box&country=NZ');
    expect(asked.at(-1)?.searchParams.get('club')).toBe('nord box');
    expect(asked.at(-1)?.searchParams.get('country')).toBe('NZ');
    // Find my entry scrolls to whole-board places: not offered on a filtered board.
    expect(screen.queryByRole('search')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('Alpine Pair')).toBeInTheDocument();
  });

  it('refuses a country that is not two letters and keeps what was typed', () => {
    const spy = mockFetch(() => undefined);
    const { router } = renderWithApp(<PagedBoard first={whole} label="Standings" />, '/public/events/ev/divisions/div');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'N1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Country must be a two-letter code, such as NZ');
    expect(screen.getByLabelText('Country')).toHaveValue('N1');
    expect(router.state.location.search).toBe('');
    expect(spy).not.toHaveBeenCalled();
  });

  it('asks for an age band and keeps it in the address', async () => {
    const asked: URL[] = [];
    mockFetch((url) => {
      if (!url.pathname.endsWith('/board')) return undefined;
      asked.push(url);
      return { body: page([row(3, 'Kiwi Duo', 'Nord Box', 'NZ')], 1) };
    });
    const { router } = renderWithApp(<PagedBoard first={whole} label="Standings" />, '/public/events/ev/divisions/div');
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '65+' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Kiwi Duo')).toBeInTheDocument();
    expect(screen.queryByText('Alpine Pair')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?ageBand=65%2B');
    expect(asked.at(-1)?.searchParams.get('ageBand')).toBe('65+');
    expect(screen.getByLabelText('Age')).toHaveValue('65+');
  });

  it('opens filtered from the address and says when no team matches', async () => {
    mockFetch((url) => (url.pathname.endsWith('/board') ? { body: page([], 0) } : undefined));
    renderWithApp(<PagedBoard first={whole} label="Standings" />, '/public/events/ev/divisions/div?country=FR');
    expect(await screen.findByText('No entry on the board matches these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveValue('FR');
  });
});
