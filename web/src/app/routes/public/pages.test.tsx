import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DivisionLeaderboard, EventLeaderboard, PublicEvent, PublicResultStatus, WorkoutLeaderboard } from '@/features/public/api/types';
import DivisionLeaderboardRoute from './division-leaderboard';
import EventDetailsRoute from './event-details';
import EventTeamsRoute from './event-teams';
import EventsListRoute from './events-list';
import WorkoutLeaderboardRoute from './workout-leaderboard';

type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply | (() => Reply)>;
const calls: string[] = [];

beforeEach(() => {
  replies = {};
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const key = Object.keys(replies).find((k) => url.startsWith(k));
      const r = key ? replies[key] : { status: 404 };
      const reply = typeof r === 'function' ? r() : r!;
      return new Response(reply.body === undefined ? '{}' : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

let client: QueryClient;

function renderAt(path: string, routePath: string, element: ReactNode) {
  client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/**
 * Lets the page's fetches answer and React draw what they bring, its background renders
 * included (a long board's rows after the first screen, components/show-more.tsx). Inside act
 * React renders to the end instead of in slices between other work, so the test waits for the
 * drawing itself: polling for the rows against a deadline fails on a busy machine, where the
 * background render takes longer than any guessed wait. Call it right after renderAt, before
 * the answers arrive outside act.
 */
async function drawn() {
  await act(async () => {
    while (client.isFetching() > 0) await new Promise((r) => setTimeout(r, 0));
    // The query cache tells the components in a batch of its own, a timer later.
    await new Promise((r) => setTimeout(r, 0));
  });
}

const lbEvent = { id: 'e1', name: 'Summer Throwdown', startDate: '2026-06-01', endDate: '2026-06-02', overallProgress: 50, detailsVisible: true, draft: false, frozen: false, defaultLanguage: 'en' };

const event = (over: Partial<PublicEvent>): PublicEvent => ({
  id: 'e1',
  name: 'Summer Throwdown',
  status: 'published',
  statusLabel: 'Published',
  dateFrom: '2026-06-01',
  dateTo: '2026-06-02',
  dateRange: '1–2 Jun 2026',
  location: 'Leeds',
  description: '',
  detailsVisible: true,
  workouts: [],
  draft: false,
  includeUnpublished: false,
  online: false,
  timeZone: 'UTC',
  upcomingWorkouts: [],
  defaultLanguage: 'en',
  ...over,
});

describe('event list', () => {
  it('asks for the default filters, shows the cards in the order sent and Event Details only when visible', async () => {
    replies['/api/public/events'] = {
      status: 200,
      body: [event({ id: 'a', name: 'Sooner' }), event({ id: 'b', name: 'Later', dateFrom: '2026-09-01', detailsVisible: false })],
    };
    renderAt('/public/events', '/public/events', <EventsListRoute />);
    const cards = await screen.findAllByRole('article');
    expect(calls[0]).toBe('/api/public/events?filterStatus=published%2Cin_progress');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Sooner', 'Later']);
    expect(within(cards[0]!).getByRole('link', { name: 'Event Details' })).toHaveAttribute('href', '/public/events/a');
    expect(within(cards[1]!).queryByRole('link', { name: 'Event Details' })).toBeNull();
    expect(within(cards[1]!).getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute('href', '/public/events/b/leaderboard');
    expect(screen.getByLabelText('Published')).toBeChecked();
    expect(screen.getByLabelText('In Progress')).toBeChecked();
    expect(screen.getByLabelText('Archived')).not.toBeChecked();
  });

  it('shows the empty state and the failure message', async () => {
    replies['/api/public/events'] = { status: 200, body: [] };
    renderAt('/public/events', '/public/events', <EventsListRoute />);
    expect(await screen.findByText('No events found with the selected filters.')).toBeInTheDocument();
    replies['/api/public/events'] = { status: 500 };
    fireEvent.click(screen.getByLabelText('Archived'));
    expect(await screen.findByText('Failed to load events. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('asks the server for open registration and the search, and shows upcoming events before past ones', async () => {
    const past = event({ id: 'p', name: 'Old Games', dateFrom: '2020-05-01', dateTo: '2020-05-02' });
    const next = event({ id: 'n', name: 'Next Games', dateFrom: '2099-05-01', dateTo: '2099-05-02' });
    replies['/api/public/events'] = { status: 200, body: [past, next] };
    renderAt('/public/events', '/public/events', <EventsListRoute />);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Next Games', 'Old Games']);
    expect(screen.getByRole('heading', { name: 'Upcoming events' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Past events' })).toBeInTheDocument();

    replies['/api/public/events'] = { status: 200, body: [next] };
    fireEvent.click(screen.getByLabelText('Registration open'));
    await waitFor(() => expect(calls.at(-1)).toBe('/api/public/events?filterStatus=published%2Cin_progress&registrationOpen=true'));
    fireEvent.change(screen.getByPlaceholderText('Name or place'), { target: { value: ' leeds ' } });
    await waitFor(() => expect(calls.at(-1)).toBe('/api/public/events?filterStatus=published%2Cin_progress&registrationOpen=true&q=leeds'));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });
});

describe('event page', () => {
  it('redirects to the leaderboard on 404', async () => {
    replies['/api/public/events/e1'] = { status: 404 };
    const router = renderAt('/public/events/e1', '/public/events/:eventId', <EventDetailsRoute />);
    await screen.findByText('elsewhere', {}, { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/public/events/e1/leaderboard');
  });

  it('shows workouts in the order sent with Markdown or the fallback text', async () => {
    const w = (id: string, name: string, orderIndex: number, description: string) => ({
      id, name, description, scoreType: 'TIME' as const, timeCapSeconds: 600, timeCapText: '10:00', workoutOrder: orderIndex, orderIndex, hasResults: false, scoreTypeLabel: 'For Time', type: 'time' as const,
      releaseAt: '', submissionDeadline: '', releaseText: '', deadlineText: '',
    });
    replies['/api/public/events/e1'] = { status: 200, body: event({ workouts: [w('w1', 'First', 1, '**21-15-9**'), w('w2', 'Second', 2, '')] }) };
    renderAt('/public/events/e1', '/public/events/:eventId', <EventDetailsRoute />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['First', 'Second']);
    expect(screen.getByText('21-15-9').tagName).toBe('STRONG');
    fireEvent.click(tabs[1]!);
    expect(screen.getByText('No description provided.')).toBeInTheDocument();
  });

  it("links the event's calendar file", async () => {
    replies['/api/public/events/e1'] = { status: 200, body: event({}) };
    renderAt('/public/events/e1', '/public/events/:eventId', <EventDetailsRoute />);
    expect(await screen.findByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/public/events/e1/calendar.ics');
  });

  it('says an online qualifier is online, with each window and the workouts still to come by number', async () => {
    const fran = {
      id: 'w1', name: 'Fran', description: '', scoreType: 'TIME' as const, timeCapSeconds: 600, timeCapText: '10:00', workoutOrder: 1, orderIndex: 1,
      hasResults: false, scoreTypeLabel: 'For Time', type: 'time' as const, releaseAt: '2026-03-05T17:00:00Z', submissionDeadline: '2026-03-09T17:00:00Z',
      releaseText: '5 Mar 2026, 18:00 (Europe/Paris)', deadlineText: '9 Mar 2026, 18:00 (Europe/Paris)',
    };
    const upcoming = { number: 2, releaseAt: '2026-03-12T17:00:00Z', submissionDeadline: '2026-03-16T17:00:00Z',
      releaseText: '12 Mar 2026, 18:00 (Europe/Paris)', deadlineText: '16 Mar 2026, 18:00 (Europe/Paris)' };
    replies['/api/public/events/e1'] = { status: 200, body: event({ online: true, timeZone: 'Europe/Paris', workouts: [fran], upcomingWorkouts: [upcoming] }) };
    renderAt('/public/events/e1', '/public/events/:eventId', <EventDetailsRoute />);
    expect(await screen.findByText('Online qualifier')).toBeInTheDocument();
    expect(screen.getByText('Released 5 Mar 2026, 18:00 (Europe/Paris)')).toBeInTheDocument();
    expect(screen.getByText('Submit by 9 Mar 2026, 18:00 (Europe/Paris)')).toBeInTheDocument();
    expect(screen.getByText('Workout 2 releases 12 Mar 2026, 18:00 (Europe/Paris)')).toBeInTheDocument();
    expect(screen.getByText('Submit by 16 Mar 2026, 18:00 (Europe/Paris)')).toBeInTheDocument();
  });
});

const standing = (teamId: string, rank: number | null, status: PublicResultStatus, result: string, rawResult: number | null, withdrawn = false) => ({
  teamId,
  withdrawn,
  teamName: `Team ${teamId}`,
  athlete1Name: 'Ann',
  athlete2Name: 'Bob',
  athleteNames: ['Ann', 'Bob'],
  rank,
  totalPoints: rank === null ? null : 100 - rank,
  workoutResults: [{ workoutId: 'w1', result, rawResult, status, points: rank === null ? null : 100 - rank, rank, scaled: false, penaltyText: '', draft: false, unreviewed: false }],
  tie: 'not_tied' as const,
  previousRank: null,
});

const division = (standings: DivisionLeaderboard['standings']): DivisionLeaderboard => ({
  event: lbEvent,
  division: { id: 'd1', name: 'RX Pairs', description: '', teamSize: 2 },
  workouts: [
    { id: 'w1', name: 'Fran', orderIndex: 1, type: 'time', scoreType: 'TIME', weight: 1, partOf: '', parts: '' },
    { id: 'w2', name: 'Deadlift Ladder', orderIndex: 2, type: 'maxweight', scoreType: 'MAX_WEIGHT', weight: 1, partOf: '', parts: '' },
  ],
  standings,
  lastUpdated: '',
  includeUnpublished: false,
  latestWorkoutId: 'w1',
  tieBreak: 'countback',
  tieBreakWorkoutId: '',
});

describe('division leaderboard', () => {
  it('shows standings, the switcher and the admin preview note, passing includeUnpublished', async () => {
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = {
      status: 200,
      body: { ...division([standing('a', 1, 'completed', '5:30', 330), standing('b', null, 'capped', 'CAP +15', 15)]), includeUnpublished: true },
    };
    renderAt('/public/events/e1/divisions/d1/leaderboard?includeUnpublished=1', '/public/events/:eventId/divisions/:divisionId/leaderboard', <DivisionLeaderboardRoute />);
    expect(await screen.findByText('Admin preview: Showing unpublished results')).toBeInTheDocument();
    expect(calls[0]).toBe('/api/public/events/e1/divisions/d1/leaderboard?includeUnpublished=true');
    const options = within(screen.getByRole('combobox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Division Leaderboard (Overall)', 'Workout • Fran', 'Workout • Deadlift Ladder']);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Team', 'Fran', 'Deadlift Ladder', 'Total']);
    expect(within(table).getByText('5:30')).toBeInTheDocument();
    expect(within(table).getAllByText('CAP +15').length).toBeGreaterThan(0);
    expect(within(table).getByText('Unranked')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Team a' })).toHaveAttribute('href', '/public/teams/a');
  });

  it("says 'Leaderboard frozen' only when the server answers a frozen board", async () => {
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = {
      status: 200,
      body: { ...division([standing('a', 1, 'completed', '5:30', 330)]), event: { ...lbEvent, frozen: true } },
    };
    renderAt('/public/events/e1/divisions/d1/leaderboard', '/public/events/:eventId/divisions/:divisionId/leaderboard', <DivisionLeaderboardRoute />);
    expect(await screen.findByText('Leaderboard frozen: the standings stay as they are while the judges finish.')).toBeInTheDocument();
    cleanup();
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = { status: 200, body: division([standing('a', 1, 'completed', '5:30', 330)]) };
    renderAt('/public/events/e1/divisions/d1/leaderboard', '/public/events/:eventId/divisions/:divisionId/leaderboard', <DivisionLeaderboardRoute />);
    await screen.findByRole('table');
    expect(screen.queryByText(/Leaderboard frozen/)).toBeNull();
  });

  it("says 'Withdrawn' for a team the server withdrew, on the table and on the phone's lines", async () => {
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = {
      status: 200,
      body: division([standing('a', 1, 'completed', '5:30', 330), standing('w', null, 'dns', 'DNS', null, true)]),
    };
    renderAt('/public/events/e1/divisions/d1/leaderboard', '/public/events/:eventId/divisions/:divisionId/leaderboard', <DivisionLeaderboardRoute />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(table).queryByText('Unranked')).toBeNull();
    cleanup();
    vi.stubGlobal('innerWidth', 390);
    renderAt('/public/events/e1/divisions/d1/leaderboard', '/public/events/:eventId/divisions/:divisionId/leaderboard', <DivisionLeaderboardRoute />);
    const board = await screen.findByRole('list', { name: 'RX Pairs standings' });
    expect(within(board).getByRole('button', { name: /Team w\s*Withdrawn/ })).toBeInTheDocument();
  });

  it('groups a multi-part workout’s columns under its name, on the table and on the phone’s open line', async () => {
    const lw = (id: string, name: string, over: Partial<DivisionLeaderboard['workouts'][number]>) => ({ id, name, orderIndex: 1, type: 'time' as const, scoreType: 'TIME' as const, weight: 1, partOf: '', parts: '', ...over });
    const result = (workoutId: string, result: string, rank: number | null, points: number | null) =>
      ({ workoutId, result, rawResult: 1, status: 'completed' as const, points, rank, scaled: false, penaltyText: '', draft: false, unreviewed: false });
    const body: DivisionLeaderboard = {
      ...division([]),
      workouts: [
        lw('w2', 'Workout 2', { parts: 'separate' }),
        lw('w2a', '2a', { partOf: 'w2' }),
        lw('w2b', '2b', { partOf: 'w2', weight: 2 }),
        lw('w3', 'Workout 3', { parts: 'sum', weight: 2 }),
        lw('w3a', '3a', { partOf: 'w3' }),
        lw('w3b', '3b', { partOf: 'w3' }),
      ],
      standings: [
        {
          ...standing('a', 1, 'completed', '', null),
          totalPoints: 495,
          workoutResults: [result('w2a', '5:00', 1, 100), result('w2b', '100', 1, 200), result('w3', '2:00', 1, 200), result('w3a', '1:00', null, null), result('w3b', '1:00', null, null)],
        },
      ],
    };
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = { status: 200, body };
    renderAt('/public/events/e1/divisions/d1/leaderboard', '/public/events/:eventId/divisions/:divisionId/leaderboard', <DivisionLeaderboardRoute />);
    const table = await screen.findByRole('table');
    const [top, second] = within(table).getAllByRole('row');
    expect(within(top!).getAllByRole('columnheader').map((h) => [h.textContent, h.getAttribute('colspan')])).toEqual([
      ['Rank', null],
      ['Team', null],
      ['Workout 2', '2'],
      ['Workout 3×2', '3'],
      ['Total', null],
    ]);
    expect(within(second!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['2a', '2b×2', 'Sum', '3a', '3b']);
    expect(screen.getByText(/1 team • 2 workouts/)).toBeInTheDocument();
    const options = within(screen.getByRole('combobox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Division Leaderboard (Overall)', 'Workout • Workout 2 — 2a', 'Workout • Workout 2 — 2b', 'Workout • Workout 3', 'Workout • Workout 3 — 3a', 'Workout • Workout 3 — 3b']);
    cleanup();
    vi.stubGlobal('innerWidth', 390);
    renderAt('/public/events/e1/divisions/d1/leaderboard', '/public/events/:eventId/divisions/:divisionId/leaderboard', <DivisionLeaderboardRoute />);
    const board = await screen.findByRole('list', { name: 'RX Pairs standings' });
    fireEvent.click(within(board).getByRole('button', { name: /Team a/ }));
    expect(within(board).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Workout 2', 'Workout 3×2']);
    expect(within(board).getByText('Sum')).toBeInTheDocument();
    expect(within(board).getByText('2:00')).toBeInTheDocument();
  });

  it("says 'Results Coming Soon' without results, and keeps data with 'Connection lost. Retrying...' after a failed refresh", async () => {
    let fail = false;
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = () =>
      fail ? { status: 503 } : { status: 200, body: division([standing('a', null, 'not_started', '', null)]) };
    renderAt('/public/events/e1/divisions/d1/leaderboard', '/public/events/:eventId/divisions/:divisionId/leaderboard', <DivisionLeaderboardRoute />);
    expect(await screen.findByText('Results Coming Soon')).toBeInTheDocument();
    expect(calls[0]).toBe('/api/public/events/e1/divisions/d1/leaderboard');
    expect(screen.queryByText('Admin preview: Showing unpublished results')).toBeNull();
    fail = true;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((r) => setTimeout(r, 400));
    });
    expect(await screen.findByText('Connection lost. Retrying...', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Results Coming Soon')).toBeInTheDocument();
  });
});

describe('workout leaderboard', () => {
  it('shows rows with placeholder dashes, or the empty state texts', async () => {
    const body: WorkoutLeaderboard = {
      event: lbEvent,
      division: { id: 'd1', name: 'RX Pairs', description: '', teamSize: 2 },
      workout: { id: 'w1', name: 'Fran', scoringType: 'time', timeCap: 600, timeCapText: '10:00', orderIndex: 1, description: '', releaseText: '', deadlineText: '' },
      results: [
        { rank: 1, displayRank: 1, teamId: 'a', teamName: 'Alpha', athlete1Name: 'Ann', athlete2Name: 'Bob', athleteNames: [], result: '5:30', rawResult: 330, points: 100, status: 'completed', isPlaceholder: false, scaled: false, penaltyText: '' },
        { rank: null, displayRank: null, teamId: 'z', teamName: 'Zulu', athlete1Name: '', athlete2Name: '', athleteNames: [], result: '', rawResult: null, points: null, status: 'not_started', isPlaceholder: true, scaled: false, penaltyText: '' },
      ],
      workouts: [],
      lastUpdated: '',
      includeUnpublished: false,
    };
    replies['/api/public/events/e1/divisions/d1/workouts/w1/leaderboard'] = { status: 200, body };
    renderAt('/public/events/e1/divisions/d1/workouts/w1/leaderboard', '/public/events/:eventId/divisions/:divisionId/workouts/:workoutId/leaderboard', <WorkoutLeaderboardRoute />);
    const table = await screen.findByRole('table');
    expect(screen.getByText('For time — fastest time wins (time cap 10:00)')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Ann • Bob')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('5:30')).toBeInTheDocument();
    expect(rows[0]!.lastElementChild?.textContent).toBe('100');
    expect(rows[1]!.lastElementChild?.textContent).toBe('—');
  });

  it('shows the exact empty state', async () => {
    replies['/api/public/events/e1/divisions/d1/workouts/w1/leaderboard'] = {
      status: 200,
      body: { event: lbEvent, division: { id: 'd1', name: 'RX', description: '', teamSize: 2 }, workout: { id: 'w1', name: 'Fran', scoringType: 'time', timeCap: null, timeCapText: null, orderIndex: 1, description: '', releaseText: '', deadlineText: '' }, results: [], workouts: [], lastUpdated: '' },
    };
    renderAt('/public/events/e1/divisions/d1/workouts/w1/leaderboard', '/public/events/:eventId/divisions/:divisionId/workouts/:workoutId/leaderboard', <WorkoutLeaderboardRoute />);
    expect(await screen.findByText('Results Coming Soon')).toBeInTheDocument();
    expect(screen.getByText('Results for this workout will appear here as they are published by the event organizers. Check back soon!')).toBeInTheDocument();
  });
});

describe('event teams page', () => {
  it('filters, searches, bookmarks first and counts', async () => {
    const body: EventLeaderboard = {
      event: lbEvent,
      divisions: [
        { id: 'rx', name: 'RX', description: '', teamSize: 2, teamCount: 2, status: 'in_progress', overallCompletionPercentage: 50, workouts: [] },
        { id: 'sc', name: 'Scaled', description: '', teamSize: 2, teamCount: 1, status: 'in_progress', overallCompletionPercentage: 50, workouts: [] },
      ],
      teams: [
        { id: 't1', name: 'Alpha', divisionId: 'rx', divisionName: 'RX', overallRank: 2, totalPoints: 90, resultsEntered: 1, totalWorkouts: 2 },
        { id: 't2', name: 'Bravo', divisionId: 'rx', divisionName: 'RX', overallRank: 1, totalPoints: 100, resultsEntered: 2, totalWorkouts: 2 },
        { id: 't3', name: 'Charlie', divisionId: 'sc', divisionName: 'Scaled', overallRank: null, totalPoints: null, resultsEntered: 0, totalWorkouts: 2 },
      ],
      lastUpdated: '',
      includeUnpublished: false,
    };
    replies['/api/public/events/e1/leaderboard'] = { status: 200, body };
    renderAt('/public/events/e1/teams', '/public/events/:eventId/teams', <EventTeamsRoute />);
    expect(await screen.findByRole('heading', { name: 'All Teams (3)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Summer Throwdown - Teams');
    const names = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
    expect(names()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    fireEvent.click(screen.getByRole('button', { name: 'Bookmark Charlie' }));
    expect(names()).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(JSON.parse(localStorage.getItem('podium.bookmarks') ?? '[]')[0]).toMatchObject({ id: 't3', eventId: 'e1', eventName: 'Summer Throwdown', divisionName: 'Scaled' });
    fireEvent.click(screen.getByRole('button', { name: 'Bookmarked' }));
    expect(screen.getByRole('heading', { name: 'Bookmarked Teams (1)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'RX' }));
    expect(screen.getByRole('heading', { name: 'Division: RX (2)' })).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search teams or divisions...'), { target: { value: 'zzz' } });
    expect(screen.getByText('No teams found matching your search.')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search teams or divisions...'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bookmarked' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove bookmark for Charlie' }));
    expect(screen.getByText('No teams in this category')).toBeInTheDocument();
    expect(screen.getByText('Try switching filters or check back later.')).toBeInTheDocument();
  });
});

describe('team page', () => {
  it('shows tiles, coloured workout cards, buttons and labels', async () => {
    const { default: TeamDetailsRoute } = await import('./team-details');
    const wr = (id: string, orderIndex: number, status: string, result: string, rawResult: number | null, rank: number | null, points: number | null) => ({
      workout: { id, name: `W${orderIndex}`, orderIndex, type: 'time' }, status, result, rawResult, rank, points, scaled: false, penaltyText: '',
    });
    replies['/api/public/teams/t1'] = {
      status: 200,
      body: {
        team: { id: 't1', name: 'Alpha', athlete1Name: 'Ann', athlete2Name: 'Bob' },
        division: { id: 'd1', name: 'RX', description: '', teamSize: 2 },
        event: lbEvent,
        overallRank: 3,
        totalPoints: 180,
        divisionStats: { totalTeams: 8 },
        completionStats: { workoutsCompleted: 2, totalWorkouts: 3, completionPercentage: 66.67 },
        workoutResults: [wr('w1', 1, 'completed', '5:30', 330, 4, 85), wr('w2', 2, 'capped', 'CAP +5', 5, 6, 75), wr('w3', 3, 'not_started', '', null, null, null)],
      },
    };
    renderAt('/public/teams/t1', '/public/teams/:teamId', <TeamDetailsRoute />);
    expect(screen.getByText('Loading team details...')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Workout Results (3)' });
    expect(screen.getByText('of 8 teams')).toBeInTheDocument();
    expect(screen.getByText('67%')).toBeInTheDocument();
    expect(screen.getByText('2/3 workouts')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['W1', 'W2', 'W3']);
    expect(cards[0]!.className).toContain('green');
    expect(within(cards[0]!).getByText('5:30')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Rank: #4 • 85 points')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Workout Leaderboard' })).toHaveAttribute('href', '/public/events/e1/divisions/d1/workouts/w1/leaderboard');
    expect(cards[1]!.className).toContain('orange');
    expect(within(cards[1]!).getByText('Incomplete')).toBeInTheDocument();
    expect(cards[2]!.className).toContain('slate');
    expect(within(cards[2]!).getByText('Not Started')).toBeInTheDocument();
  });

  it("shows a withdrawn team as 'Withdrawn', not 'Incomplete' with a progress percentage", async () => {
    const { default: TeamDetailsRoute } = await import('./team-details');
    const wr = (id: string, orderIndex: number, status: string, result: string) => ({
      workout: { id, name: `W${orderIndex}`, orderIndex, type: 'time' }, status, result, rawResult: null, rank: null, points: null, scaled: false, penaltyText: '',
    });
    replies['/api/public/teams/t4'] = {
      status: 200,
      body: {
        team: { id: 't4', name: 'Delta', athlete1Name: '', athlete2Name: '' },
        division: { id: 'd1', name: 'RX', description: '', teamSize: 2 },
        event: lbEvent,
        overallRank: null,
        totalPoints: null,
        divisionStats: { totalTeams: 4 },
        completionStats: { workoutsCompleted: 1, totalWorkouts: 4, completionPercentage: 25 },
        workoutResults: [wr('w1', 1, 'dns', 'DNS'), wr('w2', 2, 'not_started', '')],
        lastUpdated: '',
        withdrawn: true,
      },
    };
    renderAt('/public/teams/t4', '/public/teams/:teamId', <TeamDetailsRoute />);
    await screen.findByRole('heading', { name: 'Workout Results (2)' });
    expect(screen.queryByText('Incomplete')).toBeNull();
    expect(screen.queryByText('25%')).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Team progress' })).toBeNull();
    expect(screen.getAllByText('Withdrawn').length).toBeGreaterThanOrEqual(3);
  });

  it("shows 'Team not found.' on 404", async () => {
    const { default: TeamDetailsRoute } = await import('./team-details');
    replies['/api/public/teams/zz'] = { status: 404 };
    renderAt('/public/teams/zz', '/public/teams/:teamId', <TeamDetailsRoute />);
    expect(await screen.findByText('Team not found.', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});

describe('what the public site shows is what the server answered', () => {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const divisionPath = '/public/events/:eventId/divisions/:divisionId/leaderboard';
  const workoutPath = '/public/events/:eventId/divisions/:divisionId/workouts/:workoutId/leaderboard';
  const workoutBody = (over: Partial<WorkoutLeaderboard> = {}): WorkoutLeaderboard => ({
    event: lbEvent,
    division: { id: 'd1', name: 'RX Pairs', description: '', teamSize: 2 },
    workout: { id: 'w1', name: 'Fran', scoringType: 'time', timeCap: 600, timeCapText: '10:00', orderIndex: 1, description: '', releaseText: '', deadlineText: '' },
    results: [
      { rank: 1, displayRank: 1, teamId: 'a', teamName: 'Alpha', athlete1Name: '', athlete2Name: '', athleteNames: [], result: '5:30', rawResult: 330, points: 100, status: 'completed', isPlaceholder: false, scaled: false, penaltyText: '' },
      { rank: null, displayRank: null, teamId: 'd', teamName: 'Delta', athlete1Name: '', athlete2Name: '', athleteNames: [], result: 'DNS', rawResult: null, points: null, status: 'dns', isPlaceholder: false, scaled: false, penaltyText: '' },
    ],
    workouts: [
      { id: 'w1', name: 'Fran', orderIndex: 1, type: 'time', scoreType: 'TIME', weight: 1, partOf: '', parts: '' },
      { id: 'w2', name: 'Cindy', orderIndex: 2, type: 'reps', scoreType: 'REPS', weight: 1, partOf: '', parts: '' },
    ],
    lastUpdated: minutesAgo(10),
    includeUnpublished: false,
    ...over,
  });

  it('shows the preview note only when the server answered the preview, whatever the URL says', async () => {
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = { status: 200, body: division([standing('a', 1, 'completed', '5:30', 330)]) };
    renderAt('/public/events/e1/divisions/d1/leaderboard?includeUnpublished=1', divisionPath, <DivisionLeaderboardRoute />);
    await screen.findByRole('table');
    expect(calls[0]).toBe('/api/public/events/e1/divisions/d1/leaderboard?includeUnpublished=true');
    expect(screen.queryByText('Admin preview: Showing unpublished results')).toBeNull();
  });

  it('keeps the preview when switching to a workout and back to the overall view', async () => {
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = {
      status: 200,
      body: { ...division([standing('a', 1, 'completed', '5:30', 330)]), includeUnpublished: true },
    };
    replies['/api/public/events/e1/divisions/d1/workouts/w1/leaderboard'] = { status: 200, body: workoutBody({ includeUnpublished: true }) };
    const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    const router = createMemoryRouter(
      [
        { path: divisionPath, element: <DivisionLeaderboardRoute /> },
        { path: workoutPath, element: <WorkoutLeaderboardRoute /> },
      ],
      { initialEntries: ['/public/events/e1/divisions/d1/leaderboard?includeUnpublished=1'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByText('Admin preview: Showing unpublished results');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'w1' } });
    await screen.findByRole('heading', { name: 'Fran' });
    expect(router.state.location.search).toBe('?includeUnpublished=1');
    expect(calls.at(-1)).toBe('/api/public/events/e1/divisions/d1/workouts/w1/leaderboard?includeUnpublished=true');
    expect(screen.getByText('Admin preview: Showing unpublished results')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '' } });
    await screen.findByRole('heading', { name: 'RX Pairs' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/public/events/e1/divisions/d1/leaderboard?includeUnpublished=1');
  });

  it('shows a dash, not 0 points, for DNS, and counts "Last updated" from the server', async () => {
    replies['/api/public/events/e1/divisions/d1/workouts/w1/leaderboard'] = { status: 200, body: workoutBody() };
    renderAt('/public/events/e1/divisions/d1/workouts/w1/leaderboard', workoutPath, <WorkoutLeaderboardRoute />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]!.lastElementChild?.textContent).toBe('—');
    expect(screen.getByText('Last updated: 10 minutes ago')).toBeInTheDocument();
    expect(screen.queryByText('Admin preview: Showing unpublished results')).toBeNull();
  });

  it('hides the Details tab when the event details are hidden', async () => {
    const body: EventLeaderboard = { event: { ...lbEvent, detailsVisible: false }, divisions: [], teams: [], lastUpdated: minutesAgo(2), includeUnpublished: false };
    replies['/api/public/events/e1/leaderboard'] = { status: 200, body };
    renderAt('/public/events/e1/teams', '/public/events/:eventId/teams', <EventTeamsRoute />);
    const nav = await screen.findByRole('navigation', { name: 'Event sections' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Leaderboard', 'Teams', 'Schedule', 'Adjustments']);
    expect(screen.getByText('Last updated: 2 minutes ago')).toBeInTheDocument();
  });

  it('clears only this event’s bookmarks', async () => {
    const other = { id: 'x9', name: 'Other', divisionId: 'd9', divisionName: 'D9', eventId: 'e2', eventName: 'Other Event', bookmarkedAt: '2026-01-01T00:00:00.000Z' };
    const mine = { ...other, id: 't1', name: 'Alpha', eventId: 'e1' };
    localStorage.setItem('podium.bookmarks', JSON.stringify([other, mine]));
    const body: EventLeaderboard = {
      event: lbEvent,
      divisions: [{ id: 'rx', name: 'RX', description: '', teamSize: 2, teamCount: 1, status: 'in_progress', overallCompletionPercentage: 0, workouts: [] }],
      teams: [{ id: 't1', name: 'Alpha', divisionId: 'rx', divisionName: 'RX', overallRank: null, totalPoints: null, resultsEntered: 0, totalWorkouts: 1 }],
      lastUpdated: '',
      includeUnpublished: false,
    };
    replies['/api/public/events/e1/leaderboard'] = { status: 200, body };
    vi.stubGlobal('confirm', () => true);
    renderAt('/public/events/e1/teams', '/public/events/:eventId/teams', <EventTeamsRoute />);
    fireEvent.click(await screen.findByRole('button', { name: 'Bookmarked' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear all bookmarks' }));
    expect(JSON.parse(localStorage.getItem('podium.bookmarks') ?? '[]')).toEqual([other]);
  });

  it('says the event page failed in words, not "Failed to fetch event: 500"', async () => {
    replies['/api/public/events/e1'] = { status: 500 };
    renderAt('/public/events/e1', '/public/events/:eventId', <EventDetailsRoute />);
    expect(await screen.findByText('Failed to load event. Please try again later.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch event/)).toBeNull();
  });

  it('shows not-found pages with breadcrumbs and Back', async () => {
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = { status: 404 };
    renderAt('/public/events/e1/divisions/d1/leaderboard', divisionPath, <DivisionLeaderboardRoute />);
    expect(await screen.findByText('Division leaderboard not found.', {}, { timeout: 3000 })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/public/events');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Leaderboard' })).toHaveAttribute('href', '/public/events/e1/leaderboard');
  });
});

describe('long leaderboards at phone and desktop width', () => {
  const teams = (n: number) => Array.from({ length: n }, (_, i) => standing(`t${i + 1}`, i + 1, 'completed', '5:30', 330));
  const workoutBoard = (n: number): WorkoutLeaderboard => ({
    event: lbEvent,
    division: { id: 'd1', name: 'RX Pairs', description: '', teamSize: 2 },
    workout: { id: 'w1', name: 'Fran', scoringType: 'time', timeCap: 600, timeCapText: '10:00', orderIndex: 1, description: '', releaseText: '', deadlineText: '' },
    results: Array.from({ length: n }, (_, i) => ({
      rank: i + 1, displayRank: i + 1, teamId: `t${i + 1}`, teamName: `Team t${i + 1}`, athlete1Name: '', athlete2Name: '', athleteNames: [],
      result: '5:30', rawResult: 330, points: 100 - i, status: 'completed', isPlaceholder: false, scaled: false, penaltyText: '',
    })),
    workouts: [],
    lastUpdated: '',
    includeUnpublished: false,
  });
  // One link per team in either layout: both layouts at once would double the count.
  const teamLinks = () => document.querySelectorAll('a[href^="/public/teams/"]').length;
  const divisionPath = ['/public/events/e1/divisions/d1/leaderboard', '/public/events/:eventId/divisions/:divisionId/leaderboard'] as const;
  const workoutPath = ['/public/events/e1/divisions/d1/workouts/w1/leaderboard', '/public/events/:eventId/divisions/:divisionId/workouts/:workoutId/leaderboard'] as const;

  it('renders one line per team on a phone, every team in the page, a tap opening its workouts', async () => {
    vi.stubGlobal('innerWidth', 390);
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = { status: 200, body: division(teams(100)) };
    renderAt(...divisionPath, <DivisionLeaderboardRoute />);
    await drawn();
    const board = screen.getByRole('list', { name: 'RX Pairs standings' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(board).getAllByRole('listitem')).toHaveLength(100);
    expect(screen.queryByRole('button', { name: /more teams/ })).toBeNull();
    expect(teamLinks()).toBe(0);
    const [first] = within(board).getAllByRole('button', { expanded: false });
    fireEvent.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(teamLinks()).toBe(1);
  });

  it('renders only the table on a desktop, 25 rows at a time, and no button for a short board', async () => {
    replies['/api/public/events/e1/divisions/d1/leaderboard'] = { status: 200, body: division(teams(30)) };
    renderAt(...divisionPath, <DivisionLeaderboardRoute />);
    await drawn();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 25);
    expect(teamLinks()).toBe(25);
    // The button comes once the shown rows are all drawn (components/show-more.tsx).
    const more = screen.getByRole('button', { name: 'Show 5 more teams' });
    await act(async () => fireEvent.click(more));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 30);
    expect(screen.queryByRole('button', { name: /more teams/ })).toBeNull();
  });

  it('renders the workout board as lines on a phone and as a table from 768 px', async () => {
    replies['/api/public/events/e1/divisions/d1/workouts/w1/leaderboard'] = { status: 200, body: workoutBoard(40) };
    vi.stubGlobal('innerWidth', 390);
    renderAt(...workoutPath, <WorkoutLeaderboardRoute />);
    await drawn();
    const board = screen.getByRole('list', { name: /results$/ });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(board).getAllByRole('listitem')).toHaveLength(40);
    cleanup();
    vi.stubGlobal('innerWidth', 768);
    renderAt(...workoutPath, <WorkoutLeaderboardRoute />);
    await drawn();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 25);
    expect(teamLinks()).toBe(25);
  });
});
