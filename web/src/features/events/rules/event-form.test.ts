import { describe, expect, it } from 'vitest';
import { emptyEventForm, EVENT_FORM_MESSAGES, parseCustomPoints, toEventInput, validateEventForm } from './event-form';

describe('event form', () => {
  it('requires name and both dates', () => {
    expect(validateEventForm(emptyEventForm())).toEqual({
      name: EVENT_FORM_MESSAGES.name,
      dateFrom: EVENT_FORM_MESSAGES.dateFrom,
      dateTo: EVENT_FORM_MESSAGES.dateTo,
    });
  });

  it('rejects an end date before the start date', () => {
    const values = { ...emptyEventForm(), name: 'X', dateFrom: '2026-05-02', dateTo: '2026-05-01' };
    expect(validateEventForm(values)).toEqual({ dateTo: EVENT_FORM_MESSAGES.order });
    expect(validateEventForm({ ...values, dateTo: '2026-05-02' })).toEqual({});
  });

  it('needs a points list for a custom scoring table', () => {
    const values = { ...emptyEventForm(), name: 'X', dateFrom: '2026-05-01', dateTo: '2026-05-01', scoringTable: 'custom' as const };
    expect(validateEventForm(values)).toEqual({ customPoints: EVENT_FORM_MESSAGES.customPoints });
    expect(parseCustomPoints('100, 90 80')).toEqual([100, 90, 80]);
    expect(parseCustomPoints('100, x')).toBeNull();
    expect(toEventInput({ ...values, customPoints: '10,5' }).customPoints).toEqual([10, 5]);
  });

  it('defaults detailsVisible to true and the table to podium100', () => {
    expect(emptyEventForm()).toMatchObject({ detailsVisible: true, scoringTable: 'podium100' });
  });
});
