import { describe, expect, it } from 'vitest';
import {
  availableTemplates,
  entrantWord,
  entriesFor,
  entryAthletes,
  entryName,
  eventPageUrl,
  fileName,
  FORMATS,
  HASHTAGS,
  medalColor,
  suggestedCaption,
  type ExportEntry,
} from './export-image';

const entry = (rank: number | null, teamName: string, totalPoints: number | null = 100): ExportEntry => ({
  rank,
  teamName,
  totalPoints,
  result: '12:34',
  athletes: ['Ann', 'Bob'],
});
const ten = Array.from({ length: 10 }, (_, i) => entry(10 - i, `Team ${10 - i}`));

describe('image export rules', () => {
  it('has the three formats at their pixel sizes', () => {
    expect(Object.values(FORMATS).map((f) => [f.label, f.width, f.height])).toEqual([
      ['Square Feed', 1080, 1080],
      ['Portrait', 1080, 1350],
      ['Instagram Story', 1080, 1920],
    ]);
  });

  it('offers the templates under their conditions; Team Highlight whenever there is a team', () => {
    expect(availableTemplates({ entries: [] })).toEqual([]);
    expect(availableTemplates({ entries: ten.slice(0, 2) })).toEqual(['leaderboard', 'team']);
    expect(availableTemplates({ entries: ten.slice(0, 3) })).toEqual(['podium', 'leaderboard', 'team']);
    expect(availableTemplates({ entries: ten, workoutName: 'Fran' })).toEqual(['podium', 'leaderboard', 'workout', 'team']);
  });

  it('says so in the caption when drafts are included, and names the overall standings', () => {
    const data = { eventId: 'ev-1', eventName: 'Summer Throwdown', divisionName: 'RX Pairs', entries: ten };
    expect(suggestedCaption({ ...data, unofficial: true }, 'leaderboard', 'x').split('\n')[0]).toBe('⚠️ Unofficial: includes results not yet published.');
    expect(suggestedCaption(data, 'leaderboard', 'x')).not.toContain('Unofficial');
    expect(suggestedCaption(data, 'leaderboard', 'x')).toContain('📊 Overall standings: RX Pairs at Summer Throwdown');
  });

  it('shows the top 3, the top 8 (5 on a story) in rank order', () => {
    expect(entriesFor('podium', 'square', ten).map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(entriesFor('leaderboard', 'square', ten).map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(entriesFor('leaderboard', 'portrait', ten)).toHaveLength(8);
    expect(entriesFor('leaderboard', 'story', ten).map((e) => e.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(entriesFor('leaderboard', 'square', [entry(null, 'U'), entry(2, 'B'), entry(1, 'A')]).map((e) => e.teamName)).toEqual(['A', 'B', 'U']);
  });

  it('names the file from event, division, workout, template, format, the unofficial mark and the day', () => {
    const made = new Date(2026, 10, 25, 9, 0);
    const board = { eventId: 'ev-1', eventName: 'Summer Throwdown 2026!', divisionName: 'Rx', entries: [] };
    expect(fileName(board, 'podium', 'square', made)).toBe('summer-throwdown-2026-rx-top-3-podium-square-feed-2026-11-25.jpg');
    expect(fileName({ ...board, eventName: 'Café Games', workoutName: 'Grace', unofficial: true }, 'leaderboard', 'story', made)).toBe(
      'cafe-games-rx-grace-full-leaderboard-instagram-story-unofficial-2026-11-25.jpg',
    );
  });

  it('uses gold, silver and bronze', () => {
    expect([1, 2, 3, 4].map(medalColor)).toEqual(['#FFD700', '#C0C0C0', '#CD7F32', null]);
  });

  it("links the caption to the event's own page", () => {
    expect(eventPageUrl('https://podium.example', 'ev 1')).toBe('https://podium.example/public/events/ev%201');
  });

  it('suggests a caption that ends with the hashtags and the site link', () => {
    const data = { eventId: 'ev-1', eventName: 'Summer Throwdown', divisionName: 'RX Pairs', workoutName: 'Fran', entries: ten, team: ten[9] };
    for (const t of ['podium', 'leaderboard', 'workout', 'team'] as const) {
      const caption = suggestedCaption(data, t, 'https://podium.example/public/events');
      const lines = caption.split('\n');
      expect(lines.at(-2)).toBe(HASHTAGS);
      expect(lines.at(-1)).toBe('Follow the live results: https://podium.example/public/events');
    }
    expect(suggestedCaption(data, 'podium', 'x')).toContain('🥇 Team 1 — 100 pts');
    expect(suggestedCaption(data, 'workout', 'x')).toContain('(12:34)');
  });
});

describe('rosters on the image', () => {
  const four: ExportEntry = { rank: 1, teamName: 'Barbell Bandits', totalPoints: 100, athletes: ['Ann Lee', 'Bea Moe', 'Carl Ng', 'Dan Oh'] };
  const solo: ExportEntry = { rank: 2, teamName: 'Jo – Box Nord', totalPoints: 95, athletes: ['Jo Fit'] };

  it('names a team of 3 or more by its name with every starting athlete under it', () => {
    expect(entryName(four, 4)).toBe('Barbell Bandits');
    expect(entryAthletes(four, 4)).toEqual(['Ann Lee', 'Bea Moe', 'Carl Ng', 'Dan Oh']);
    expect(entrantWord(4)).toBe('Team');
  });

  it('names an individual by the athlete, with no line under it, as an athlete', () => {
    expect(entryName(solo, 1)).toBe('Jo Fit');
    expect(entryAthletes(solo, 1)).toEqual([]);
    expect(entrantWord(1)).toBe('Athlete');
    expect(entryName({ ...solo, athletes: [] }, 1)).toBe('Jo – Box Nord');
  });

  it('keeps a pair as before: its name, both athletes', () => {
    const pair: ExportEntry = { rank: 1, teamName: 'Adler & Berg', totalPoints: 100, athletes: ['Anna Adler', 'Ben Berg'] };
    expect(entryName(pair, 2)).toBe('Adler & Berg');
    expect(entryAthletes(pair, undefined)).toEqual(['Anna Adler', 'Ben Berg']);
  });

  it('writes the caption with the athletes of an individual division', () => {
    const caption = suggestedCaption({ eventId: 'e', eventName: 'Open', divisionName: 'Solo', entries: [solo], team: solo, teamSize: 1 }, 'team', 'https://x');
    expect(caption).toContain('Shout-out to Jo Fit!');
  });
});
