// Rosters in registration (docs/rosters.md, "Registration by size"): pairs keep their captain
// and partner; every other size lists its places.
import type { Registration, RegistrationPlace, RosterPlaceInput } from '../api/registration';

export const PAIR_SIZE = 2;

/** A division's team size; a server that does not say one means pairs. */
export const teamSizeOf = (size: number | undefined): number => (size && size > 0 ? size : PAIR_SIZE);

/** Whether a registration lists its places (every size but pairs). */
export const byPlaces = (r: Registration): boolean => teamSizeOf(r.teamSize) !== PAIR_SIZE;

/** Whether the organiser's roster desk opens for a registration: teams of 3 or more. An
 * individual has no roster to change; pairs keep their captain and partner as the spec shows them. */
export const hasRosterDesk = (r: Registration): boolean => teamSizeOf(r.teamSize) > PAIR_SIZE;

/** The taken places after the captain's, as a roster change sends them. */
export function takenPlaces(r: Registration): RosterPlaceInput[] {
  return r.places
    .filter((p) => !p.captain && !p.open)
    .map((p) => ({ position: p.position, name: p.name, category: p.category, substitute: p.substitute }));
}

/** The roster with one place's athlete replaced (a swap), or a substitute added (position 0) or removed. */
export function withPlace(r: Registration, place: RosterPlaceInput): RosterPlaceInput[] {
  const taken = takenPlaces(r);
  if (place.position === 0) return [...taken, { ...place, substitute: true }];
  return taken.map((p) => (p.position === place.position ? { ...place, substitute: p.substitute } : p));
}

export const withoutPlace = (r: Registration, position: number): RosterPlaceInput[] =>
  takenPlaces(r).filter((p) => p.position !== position);

/** How many substitutes the team may still add. */
export const substitutesLeft = (r: Registration): number =>
  Math.max(0, r.substitutesAllowed - r.places.filter((p: RegistrationPlace) => p.substitute).length);
