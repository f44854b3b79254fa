import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { TeamsCard } from './teams-card';

afterEach(() => vi.unstubAllGlobals());

const team = (id: string, name: string, divisionName: string) => ({ id, name, divisionName, divisionId: 'd', eventId: 'e', athleteCount: 2 });

describe('TeamsCard', () => {
  it('filters by team or division name and says No results', async () => {
    mockFetch(() => ({ body: [team('1', 'Alpha', 'Elite'), team('2', 'Bravo', 'Masters')] }));
    renderWithApp(<TeamsCard eventId="e" manage />);
    const filter = await screen.findByLabelText('Filter teams');
    await userEvent.type(filter, 'mast');
    expect(screen.getByText('Bravo')).toBeInTheDocument();
    expect(screen.queryByText('Alpha')).toBeNull();
    await userEvent.clear(filter);
    await userEvent.type(filter, 'zzz');
    expect(screen.getByText('No results')).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveClass('max-h-72');
  });
});
