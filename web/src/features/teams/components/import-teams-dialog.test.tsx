import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { ImportTeamsDialog } from './import-teams-dialog';

afterEach(() => vi.unstubAllGlobals());

// jsdom opens no modal dialog (showModal): its content is queried as hidden.

const team = (i: number) => ({ id: '', name: `Team ${i}`, athlete1Name: `Ann ${i}`, athlete2Name: `Bea ${i}` });
const first100 = Array.from({ length: 100 }, (_, i) => team(i));

// A division's whole file answers its counts and the first 100 of each (docs/boards.md, "Team
// imports"): the dialog counts from the answer's counts, never from the rows it lists.
describe('ImportTeamsDialog', () => {
  it('counts a large file from the answer, lists its first 100 and says so', async () => {
    let answer: unknown = {
      created: first100,
      createdCount: 9850,
      createdTruncated: true,
      errors: Array.from({ length: 100 }, (_, i) => ({ line: 2 * i + 3, message: 'Team name must be at least 2 characters' })),
      errorCount: 150,
    };
    mockFetch((url) => (url.pathname === '/api/teams/import' ? { body: answer } : undefined));
    renderWithApp(<ImportTeamsDialog eventId="ev1" divisionId="d1" open onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('CSV'), 'Team Name{enter}Team 0');
    await userEvent.click(screen.getByRole('button', { name: 'Check', hidden: true }));
    expect(await screen.findByText('Line 201: Team name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('The first 100 of 150 lines to fix are listed.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is imported until every line is right.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import', hidden: true })).toBeDisabled();

    answer = { created: first100, createdCount: 10000, createdTruncated: true, errors: [], errorCount: 0 };
    await userEvent.click(screen.getByRole('button', { name: 'Check', hidden: true }));
    expect(await screen.findByText('10,000 teams are ready to import.')).toBeInTheDocument();
    expect(screen.getByText('The first 100 of 10,000 teams are shown.')).toBeInTheDocument();
    expect(screen.getAllByRole('row', { hidden: true })).toHaveLength(101);
    await userEvent.click(screen.getByRole('button', { name: 'Import 10,000 teams', hidden: true }));
    expect(await screen.findByRole('status', { hidden: true })).toHaveTextContent('Imported 10,000 teams.');
  });
});
