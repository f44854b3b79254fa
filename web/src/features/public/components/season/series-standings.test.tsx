import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicSeries } from '../../api/types';
import { SeriesStandings } from './series-standings';

afterEach(cleanup);

const contribution = (eventIndex: number, teamName: string, place: number, points: number, counted = true) => ({
  eventIndex,
  eventId: `ev${eventIndex}`,
  divisionId: `div${eventIndex}`,
  teamId: `team-${teamName}`,
  teamName,
  place,
  points,
  counted,
});

const series = (ranking: string): PublicSeries => ({
  id: 's1',
  name: 'Nordic League',
  season: '2026',
  description: '',
  scoringTable: 'podium100',
  bestN: 0,
  lastUpdated: '',
  ranking,
  events: [
    { id: 'ev0', name: 'Spring Throwdown', dateRange: '1 Mar 2026', status: 'archived', lastUpdated: '' },
    { id: 'ev1', name: 'Autumn Throwdown', dateRange: '1 Sep 2026', status: 'archived', lastUpdated: '' },
  ],
  divisions: [
    {
      id: 'rx',
      name: 'Rx',
      unrankedTeams: ranking === 'athlete' ? ['Typed Crew'] : [],
      standings: [
        {
          rank: 1,
          name: ranking === 'athlete' ? 'Anna Adler' : 'Adler & Cruz',
          athleteId: ranking === 'athlete' ? 'anna-id' : '',
          totalPoints: 200,
          tied: false,
          events: [contribution(0, 'Adler & Berg', 1, 100), contribution(1, 'Adler & Cruz', 1, 100)],
        },
      ],
    },
  ],
});

function renderStandings(s: PublicSeries) {
  const router = createMemoryRouter(
    [
      { path: '/public/series/s1', element: <SeriesStandings series={s} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/public/series/s1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('SeriesStandings', () => {
  it('ranked by athlete: the name links to the athlete, the events name their teams, hand-entered teams are listed unranked', () => {
    const router = renderStandings(series('athlete'));
    expect(screen.getByText(/Not ranked, without an athlete account \(entered by hand\): Typed Crew\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Events of Anna Adler' }));
    const events = within(screen.getByRole('list', { name: 'Events of Anna Adler' }));
    expect(events.getByText(/#1 in Rx with Adler & Berg/)).toBeTruthy();
    expect(events.getByText(/#1 in Rx with Adler & Cruz/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Anna Adler' }));
    expect(router.state.location.pathname).toBe('/public/athletes/anna-id');
  });

  it('ranked by team: the row expands, no athlete link, no unranked note', () => {
    renderStandings(series('team'));
    expect(screen.queryByRole('link', { name: 'Adler & Cruz' })).toBeNull();
    expect(screen.queryByText(/Not ranked/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Adler & Cruz/ }));
    const events = within(screen.getByRole('list', { name: 'Events of Adler & Cruz' }));
    expect(events.getAllByText(/#1 in Rx · 100 pts/)).toHaveLength(2);
    expect(events.queryByText(/with/)).toBeNull();
  });
});
