import { describe, expect, it } from 'vitest';
import type { Team } from '@/lib/api/types';
import { editRow, emptyRows, fromTeam, gridHeight, hasUnsavedChanges, planSave, validateRow } from './grid-rows';

const team = (over: Partial<Team> = {}): Team => ({
  id: 't1',
  name: 'Alpha',
  eventId: 'e1',
  eventName: 'E',
  divisionId: 'd1',
  divisionName: 'D',
  athlete1Name: 'Ann',
  athlete2Name: 'Bob',
  athleteCount: 2,
  finalResultsCount: 0,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('team grid rows', () => {
  it('adds ten empty rows at a time', () => {
    const rows = emptyRows();
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.key)).size).toBe(10);
  });

  it('ignores empty new rows and needs a 2-255 character name on started rows', () => {
    const [empty] = emptyRows(1);
    expect(validateRow(empty!)).toEqual({});
    expect(validateRow({ ...empty!, athlete1Name: 'Ann' })).toHaveProperty('name');
    expect(validateRow({ ...empty!, name: ' A ' })).toHaveProperty('name');
    expect(validateRow({ ...empty!, name: 'x'.repeat(256) })).toHaveProperty('name');
    expect(validateRow({ ...empty!, name: 'Ok', athlete2Name: 'y'.repeat(256) })).toHaveProperty('athlete2Name');
    expect(validateRow({ ...empty!, name: 'Ok' })).toEqual({});
  });

  it('marks edited saved rows dirty and never edits locked rows', () => {
    const row = fromTeam(team());
    expect(editRow(row, 'name', 'Beta').dirty).toBe(true);
    const locked = fromTeam(team({ finalResultsCount: 2 }));
    expect(editRow(locked, 'name', 'Beta')).toBe(locked);
  });

  it('plans updates for dirty rows and one bulk create of trimmed new rows', () => {
    const saved = editRow(fromTeam(team()), 'name', ' Alpha 2 ');
    const [a, b, c] = emptyRows(3);
    const rows = [saved, { ...a!, name: ' New ', athlete1Name: ' Cy ' }, b!, { ...c!, name: 'X' }];
    expect(hasUnsavedChanges(rows)).toBe(true);
    expect(planSave(rows)).toEqual({
      updates: [{ id: 't1', body: { name: 'Alpha 2', athlete1Name: 'Ann', athlete2Name: 'Bob' } }],
      creates: [{ name: 'New', athlete1Name: 'Cy' }],
    });
  });

  it('keeps the grid between 400 and 800 px', () => {
    expect(gridHeight(1)).toBe(400);
    expect(gridHeight(10)).toBe(520);
    expect(gridHeight(30)).toBe(800);
  });
});
