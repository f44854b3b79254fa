import { describe, expect, it } from 'vitest';
import type { Team } from '@/lib/api/types';
import {
  applySaved,
  editRow,
  emptyRows,
  fromTeam,
  gridHeight,
  hasUnsavedChanges,
  initialGrid,
  lockedLabel,
  planSave,
  rebaseRows,
  unsavedRows,
  validateRow,
  withRowsUpTo,
} from './grid-rows';

const team = (over: Partial<Team> = {}): Team => ({
  id: 't1',
  name: 'Alpha',
  eventId: 'e1',
  eventName: 'E',
  divisionId: 'd1',
  divisionName: 'D',
  athlete1Name: 'Ann',
  athlete2Name: 'Bob',
  athlete1Id: '',
  athlete2Id: '',
  club: '',
  country: '',
  athleteCount: 2,
  athletes: [],
  finalResultsCount: 0,
  resultsCount: 0,
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
      updates: [{ key: 't1', id: 't1', body: { name: 'Alpha 2', athlete1Name: 'Ann', athlete2Name: 'Bob' } }],
      creates: [{ key: a!.key, team: { name: 'New', athlete1Name: 'Cy' } }],
    });
  });

  it('sends a roster for sizes other than pairs, keeping what the grid does not show', () => {
    const place = (name: string, over: Partial<Team['athletes'][number]> = {}) => ({ name, athleteId: '', category: '', birthDate: '', substitute: false, captain: false, ...over });
    const four = team({
      athletes: [place('Ann', { captain: true, category: 'women' }), place('Bob', { category: 'men' }), place('Cat'), place('Dan'), place('Eve', { substitute: true })],
    });
    const row = editRow(fromTeam(four), 'athlete4Name', 'Don');
    expect(row.more).toEqual(['Cat', 'Don']);
    const plan = planSave([row], 4);
    expect(plan.updates[0]!.body.athletes).toEqual([
      { name: 'Ann', category: 'women', birthDate: '', substitute: false, captain: true },
      { name: 'Bob', category: 'men', birthDate: '', substitute: false, captain: false },
      { name: 'Cat', category: '', birthDate: '', substitute: false, captain: false },
      { name: 'Don', category: '', birthDate: '', substitute: false, captain: false },
      { name: 'Eve', category: '', birthDate: '', substitute: true, captain: false },
    ]);
    const [solo] = emptyRows(1);
    expect(planSave([{ ...solo!, name: ' Jo Solo ' }], 1).creates[0]!.team).toEqual({
      name: 'Jo Solo',
      athletes: [{ name: 'Jo Solo', category: '', birthDate: '', substitute: false, captain: true }],
    });
    // Pairs send the two name fields only, as the spec's calls.
    expect(planSave([editRow(fromTeam(team()), 'athlete2Name', 'Bo')], 2).updates[0]!.body).toEqual({ name: 'Alpha', athlete1Name: 'Ann', athlete2Name: 'Bo' });
  });

  it('follows the server without dropping unsaved edits or typed new rows', () => {
    const edited = editRow(fromTeam(team()), 'name', 'Alpha edited');
    const other = fromTeam(team({ id: 't2', name: 'Gone' }));
    const [typed] = emptyRows(1);
    const rows = [edited, other, { ...typed!, name: 'Typed' }];
    const next = rebaseRows(rows, [team({ name: 'Alpha' }), team({ id: 't3', name: 'Arrived' })]);
    expect(next.map((r) => r.name)).toEqual(['Alpha edited', 'Arrived', 'Typed']);
    // A team that got results meanwhile is locked: the server's values win.
    expect(rebaseRows(rows, [team({ finalResultsCount: 1 })])[0]).toMatchObject({ name: 'Alpha', dirty: false });
  });

  it('keeps unsaved rows as the draft and lays a draft over the server list on opening', () => {
    const edited = editRow(fromTeam(team()), 'athlete1Name', 'Anna');
    const [typed, blank] = emptyRows(2);
    const draft = unsavedRows([edited, { ...typed!, name: 'Typed' }, blank!]);
    expect(draft.map((r) => r.name)).toEqual(['Alpha', 'Typed']);
    const grid = initialGrid([team(), team({ id: 't2', name: 'Beta' })], draft);
    expect(grid.slice(0, 3).map((r) => [r.name, r.athlete1Name])).toEqual([['Alpha', 'Anna'], ['Beta', 'Ann'], ['Typed', '']]);
    expect(grid).toHaveLength(13);
  });

  it('after a save marks updates clean and turns created rows into teams, once', () => {
    const edited = editRow(fromTeam(team()), 'name', 'Alpha 2');
    const [typed, typed2] = emptyRows(2);
    const rows = [edited, { ...typed!, name: 'New' }, { ...typed2!, name: 'Also new' }, fromTeam(team({ id: 't9', name: 'Also new' }))];
    const created = new Map([
      [typed!.key, team({ id: 't8', name: 'New' })],
      [typed2!.key, team({ id: 't9', name: 'Also new' })],
    ]);
    const next = applySaved(rows, new Set(['t1']), created);
    expect(next.map((r) => [r.id, r.dirty])).toEqual([['t1', false], ['t8', false], ['t9', false]]);
  });

  it('grows for rows pasted past the end and pluralises the lock', () => {
    expect(withRowsUpTo(emptyRows(10), 14)).toHaveLength(15);
    expect(withRowsUpTo(emptyRows(10), 3)).toHaveLength(10);
    expect(lockedLabel(1)).toBe('Locked (1 result)');
    expect(lockedLabel(3)).toBe('Locked (3 results)');
  });

  it('keeps the grid between 400 and 800 px', () => {
    expect(gridHeight(1)).toBe(400);
    expect(gridHeight(10)).toBe(520);
    expect(gridHeight(30)).toBe(800);
  });
});
