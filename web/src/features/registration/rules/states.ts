// A registration state's badge colour; the label comes from the server (stateLabel).
import type { BadgeColor } from '@/components/badge';

const colours: Record<string, BadgeColor> = {
  waiting_partner: 'amber',
  waiting_payment: 'orange',
  waiting_approval: 'purple',
  confirmed: 'green',
  waitlisted: 'blue',
  withdrawn: 'gray',
  refused: 'red',
};

export const stateColour = (state: string): BadgeColor => colours[state] ?? 'gray';

/** The states the organiser's filter offers, in the order a registration goes through them. */
export const STATE_FILTERS: { value: string; label: string }[] = [
  { value: 'waiting_partner', label: 'Waiting for partner' },
  { value: 'waiting_payment', label: 'Waiting for payment' },
  { value: 'waiting_approval', label: 'Waiting for approval' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'waitlisted', label: 'Waitlisted' },
  { value: 'withdrawn', label: 'Withdrawn' },
  { value: 'refused', label: 'Refused' },
];
