import type { Registration } from '../api/registration';
import { heldPlaces, holdsPlace, offerablePlaces } from './transfers';

const pair = { teamSize: 2, captainName: 'Ann', partnerId: 'p', partnerName: 'Ben', partnerEmail: 'ben@x.test', places: [] } as unknown as Registration;
const four = {
  teamSize: 4,
  places: [
    { position: 1, name: 'Ann', athleteId: 'a', open: false, captain: true },
    { position: 2, name: 'Typed', athleteId: '', open: false },
    { position: 3, name: '', athleteId: '', open: true },
    { position: 4, name: 'Dan', athleteId: 'd', email: 'dan@x.test', open: false },
  ],
} as unknown as Registration;

describe('the places a transfer offers', () => {
  it('are a pair’s captain and accepted partner', () => {
    expect(heldPlaces(pair)).toEqual([
      { position: 1, name: 'Ann' },
      { position: 2, name: 'Ben' },
    ]);
    expect(heldPlaces({ ...pair, partnerId: '' })).toEqual([{ position: 1, name: 'Ann' }]);
  });

  it('are the places taken by an account in a larger team, never an open or typed one', () => {
    expect(heldPlaces(four).map((p) => p.position)).toEqual([1, 4]);
  });

  it('are every held place for the captain, the own place for anyone else', () => {
    expect(offerablePlaces(four, true)).toHaveLength(2);
    expect(offerablePlaces(four, false)).toEqual([{ position: 0, name: '' }]);
  });
});

describe('whose place an offer is', () => {
  it('is known by the athlete’s address, case ignored', () => {
    expect(holdsPlace(pair, 2, 'BEN@x.test')).toBe(true);
    expect(holdsPlace(pair, 1, 'ben@x.test')).toBe(false);
    expect(holdsPlace(four, 4, 'dan@x.test')).toBe(true);
    expect(holdsPlace(four, 1, 'dan@x.test')).toBe(false);
  });
});
