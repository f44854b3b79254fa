import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { targetRanks, WhatDoINeed } from './what-do-i-need';

const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const rank = new URL(url, 'http://x').searchParams.get('rank');
      const body =
        rank === '3'
          ? { unavailable: 'no_results' }
          : { reached: true, resultText: '240', matchedTeamName: 'Charlie', workoutRank: 2, workoutName: 'Cindy', points: 95, total: 195, overallRank: 1 };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderIt() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WhatDoINeed eventId="e1" teamId="t1" workouts={[{ id: 'w2', name: 'Cindy' }]} entrants={4} />
    </QueryClientProvider>,
  );
}

describe('What do I need?', () => {
  it('shows the result to match and the path it gives, and says why when there is none', async () => {
    renderIt();
    expect(await screen.findByText("Match 240 (Charlie's result) to get there.")).toBeTruthy();
    expect(screen.getByText('#2 in Cindy → 95 points → 195 total → #1 overall')).toBeTruthy();
    expect(asked[0]).toContain('/public/events/e1/teams/t1/what-it-takes?workoutId=w2&rank=1');

    fireEvent.change(screen.getByLabelText('Aim for'), { target: { value: '3' } });
    expect(await screen.findByText('No results in this workout yet: come back once the first heat is published.')).toBeTruthy();
  });

  it('offers the places a division of that size has', () => {
    expect(targetRanks(2)).toEqual([1]);
    expect(targetRanks(4)).toEqual([1, 3]);
    expect(targetRanks(40)).toEqual([1, 3, 5, 10]);
  });
});
