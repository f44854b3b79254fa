import { validateRoster, type RosterFormValues } from './roster';

export type DivisionFormValues = { name: string; description: string; eventId: string } & RosterFormValues;
export type DivisionFormErrors = Partial<Record<keyof DivisionFormValues, string>>;

export const DIVISION_MESSAGES = {
  nameShort: 'Division name must be at least 2 characters',
  nameLong: 'Division name must be less than 255 characters',
  descriptionLong: 'Description must be less than 500 characters',
  eventRequired: 'Event is required',
} as const;

export function validateDivisionForm(values: DivisionFormValues): DivisionFormErrors {
  const errors: DivisionFormErrors = validateRoster(values);
  const name = values.name.trim();
  if (name.length < 2) errors.name = DIVISION_MESSAGES.nameShort;
  else if (name.length > 255) errors.name = DIVISION_MESSAGES.nameLong;
  if (values.description.length > 500) errors.description = DIVISION_MESSAGES.descriptionLong;
  if (!values.eventId) errors.eventId = DIVISION_MESSAGES.eventRequired;
  return errors;
}
