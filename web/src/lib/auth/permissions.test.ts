import { describe, expect, it } from 'vitest';
import { canCreateEvents, canManageUsers, eventPermissions, isScorerPage, mayOpenPage } from './permissions';

describe('eventPermissions', () => {
  it.each([
    ['admin', undefined, { manage: true, enterResults: true }],
    ['organiser', true, { manage: true, enterResults: true }],
    ['organiser', false, { manage: false, enterResults: true }],
    ['organiser', undefined, { manage: false, enterResults: false }],
    ['scorer', true, { manage: false, enterResults: true }],
    ['scorer', undefined, { manage: false, enterResults: true }],
    [undefined, undefined, { manage: false, enterResults: false }],
  ] as const)('%s with organiser grant %s', (role, grant, expected) => {
    expect(eventPermissions(role, grant)).toEqual(expected);
  });

  it('leaves users to admins and event creation to admins and organisers', () => {
    expect([canManageUsers('admin'), canManageUsers('organiser'), canManageUsers('scorer')]).toEqual([true, false, false]);
    expect([canCreateEvents('admin'), canCreateEvents('organiser'), canCreateEvents('scorer')]).toEqual([true, true, false]);
  });
});

describe('isScorerPage', () => {
  it.each(['/admin/events', '/admin/events/e1', '/admin/events/e1/results/entry', '/admin/account'])('allows %s', (path) => {
    expect(isScorerPage(path)).toBe(true);
  });

  it.each(['/admin/events/new', '/admin/events/e1/edit', '/admin/events/e1/divisions', '/admin/teams/t1', '/admin/users', '/admin/divisions/d1/teams/grid'])(
    'refuses %s',
    (path) => {
      expect(isScorerPage(path)).toBe(false);
    },
  );
});

describe('mayOpenPage', () => {
  it('links a scorer only to scorer pages, everyone else everywhere, nobody before the role is known', () => {
    const heats = '/admin/events/e1/workouts/w1/heats';
    expect([mayOpenPage('admin', heats), mayOpenPage('organiser', heats), mayOpenPage('scorer', heats), mayOpenPage(undefined, heats)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(mayOpenPage('scorer', '/admin/events/e1/results/entry')).toBe(true);
  });
});
