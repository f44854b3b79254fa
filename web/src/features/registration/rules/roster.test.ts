import { describe, expect, it } from 'vitest';
import type { Registration, RegistrationPlace } from '../api/registration';
import { byPlaces, hasRosterDesk, substitutesLeft, takenPlaces, teamSizeOf, withoutPlace, withPlace } from './roster';

const place = (p: Partial<RegistrationPlace>): RegistrationPlace => ({
  position: 0, name: '', athleteId: '', email: '', category: '', substitute: false, captain: false, open: false, ...p,
});

const four = {
  teamSize: 4,
  substitutesAllowed: 1,
  places: [
    place({ position: 1, name: 'Ann', category: 'women', captain: true }),
    place({ position: 2, name: 'Ben', category: 'men' }),
    place({ position: 3, open: true, email: 'cleo@example.com' }),
    place({ position: 4, name: 'Dan', category: 'men' }),
    place({ position: 5, name: 'Sam', category: 'men', substitute: true }),
  ],
} as Registration;

describe('a registration roster', () => {
  it('is a list of places for every size but pairs; no size means pairs', () => {
    expect(byPlaces(four)).toBe(true);
    expect(byPlaces({ ...four, teamSize: 2 })).toBe(false);
    expect(teamSizeOf(0)).toBe(2);
  });

  it('opens the roster desk for teams of 3 or more only', () => {
    expect(hasRosterDesk(four)).toBe(true);
    expect(hasRosterDesk({ ...four, teamSize: 3 })).toBe(true);
    expect(hasRosterDesk({ ...four, teamSize: 2 })).toBe(false);
    expect(hasRosterDesk({ ...four, teamSize: 1 })).toBe(false);
  });

  it('sends the taken places after the captain, open places left out', () => {
    expect(takenPlaces(four).map((p) => p.position)).toEqual([2, 4, 5]);
  });

  it('swaps one place keeping its kind, adds a substitute, removes one', () => {
    const swapped = withPlace(four, { position: 5, name: 'Finn', category: 'men', substitute: false });
    expect(swapped.find((p) => p.position === 5)).toEqual({ position: 5, name: 'Finn', category: 'men', substitute: true });
    expect(withPlace(four, { position: 0, name: 'Eve', category: 'women', substitute: false }).at(-1)).toMatchObject({ position: 0, substitute: true });
    expect(withoutPlace(four, 5).map((p) => p.position)).toEqual([2, 4]);
    expect(substitutesLeft(four)).toBe(0);
  });
});
