// The crew's rules on screen (docs/crew.md): the roles in the server's order, a window's text,
// and the rotation as a grid of heats × lanes.
import { formatClock, formatDateTime } from '@/lib/dates';
import type { RotationSlot } from '../api/volunteer';

/** The roles a volunteer offers and a shift needs, in the server's order. */
export const ROLES = ['judge', 'head_judge', 'scorer', 'check_in', 'equipment', 'medical'] as const;
export type Role = (typeof ROLES)[number];

/** Whether the sign-up asks for a judge credential: judges and head judges need one. */
export const needsCredential = (roles: readonly string[]) => roles.includes('judge') || roles.includes('head_judge');

/** "1 Jun 2026, 09:00–11:00" (the end's day is left out when it is the start's). */
export function windowText(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = start.toDateString() === end.toDateString();
  return `${formatDateTime(startsAt)}–${sameDay ? formatClock(endsAt) : formatDateTime(endsAt)}`;
}

export type GridHeat = {
  heatId: string;
  workoutName: string;
  heatNumber: number;
  startsAt: string;
  /** Lane → its place; lane 0 is the head judge. */
  places: Map<number, RotationSlot>;
};

/** The rotation as rows of heats (in the server's order: by start, heat) and the lanes every
 * column shows (0, the head judge, first; then every lane any heat has). */
export function rotationGrid(slots: readonly RotationSlot[]): { heats: GridHeat[]; lanes: number[] } {
  const heats: GridHeat[] = [];
  const byId = new Map<string, GridHeat>();
  const lanes = new Set<number>();
  for (const s of slots) {
    let h = byId.get(s.heatId);
    if (!h) {
      h = { heatId: s.heatId, workoutName: s.workoutName, heatNumber: s.heatNumber, startsAt: s.startsAt, places: new Map() };
      byId.set(s.heatId, h);
      heats.push(h);
    }
    h.places.set(s.lane, s);
    lanes.add(s.lane);
  }
  return { heats, lanes: [...lanes].sort((a, b) => a - b) };
}

/** Each role's label key (site catalogue), written out so the catalogue test finds them. */
export const ROLE_LABEL: Record<Role, string> = {
  judge: 'site:crew.roles.judge',
  head_judge: 'site:crew.roles.head_judge',
  scorer: 'site:crew.roles.scorer',
  check_in: 'site:crew.roles.check_in',
  equipment: 'site:crew.roles.equipment',
  medical: 'site:crew.roles.medical',
};

/** The label key of a role the server names; the word itself when it is not one we know. */
export const roleLabelKey = (role: string): string => (role in ROLE_LABEL ? ROLE_LABEL[role as Role] : role);

const SWAP_STATUS_KEYS = {
  proposed: 'crew.swaps.status.proposed',
  accepted: 'crew.swaps.status.accepted',
  declined: 'crew.swaps.status.declined',
  approved: 'crew.swaps.status.approved',
  refused: 'crew.swaps.status.refused',
} as const;

/** A swap's status as its catalogue key (the console's and the volunteer's words differ). */
export const swapStatusKey = (status: string) => SWAP_STATUS_KEYS[status as keyof typeof SWAP_STATUS_KEYS] ?? SWAP_STATUS_KEYS.proposed;
