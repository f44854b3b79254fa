// Transfers of a place (docs/registration.md, "Transfers"): which places the athlete may offer.
// The server decides; this only decides what the page offers.
import type { Registration } from '../api/registration';
import { byPlaces } from './roster';

/** A place that can be offered: its position and who holds it. */
export type HeldPlace = { position: number; name: string };

/** The places held by an athlete's account: the captain, a pair's partner, every place taken by an account. */
export function heldPlaces(r: Registration): HeldPlace[] {
  if (!byPlaces(r)) {
    const out = [{ position: 1, name: r.captainName }];
    return r.partnerId ? [...out, { position: 2, name: r.partnerName }] : out;
  }
  return r.places.filter((p) => !p.open && p.athleteId).map((p) => ({ position: p.position, name: p.name }));
}

/** What the caller may offer: any held place for the captain, else their own (position 0: the server finds it). */
export function offerablePlaces(r: Registration, callerIsCaptain: boolean): HeldPlace[] {
  return callerIsCaptain ? heldPlaces(r) : [{ position: 0, name: '' }];
}

/** The name holding an offered place. */
export const holderName = (r: Registration, position: number): string =>
  heldPlaces(r).find((p) => p.position === position)?.name ?? '';

/** Whether the athlete with this address holds the place (a pair's partner, or a place of a larger team). */
export function holdsPlace(r: Registration, position: number, email: string): boolean {
  const same = (a: string) => !!a && a.toLowerCase() === email.toLowerCase();
  if (!byPlaces(r)) return position === 2 && same(r.partnerEmail);
  return r.places.some((p) => p.position === position && same(p.email));
}
