import { describe, expect, it } from 'vitest';
import type { Result } from '@/lib/api/types';
import { DRAFT_EVENT_NOTICE, draftEventNotice, isVisible, mayDelete, pendingNotice, publishedLabel } from './publication';

const row = (fields: Partial<Result>): Result =>
  ({ id: 'r1', isPublished: false, publicResultText: null, resultText: '3:30', scaled: false, penaltyText: '', publicScaled: false, publicPenaltyText: '', tiebreakValue: null, publicTiebreakValue: null, ...fields }) as Result;

describe('publication of a grid row', () => {
  it('labels drafts, published results and pending changes', () => {
    expect(publishedLabel(row({ id: null }))).toBe('—');
    expect(publishedLabel(row({}))).toBe('⚠️ Draft');
    expect(publishedLabel(row({ isPublished: true }))).toBe('✅ Public');
    expect(publishedLabel(row({ publicResultText: '3:59' }))).toBe('⚠️ Draft: 3:59 public → 3:30 pending');
  });

  it('says what a pending change alters: the value, Rx or Scaled, the penalty', () => {
    expect(publishedLabel(row({ publicResultText: '3:30', scaled: true }))).toBe('⚠️ Draft: Rx public → Scaled pending');
    expect(publishedLabel(row({ publicResultText: '3:30', publicScaled: true }))).toBe('⚠️ Draft: Scaled public → Rx pending');
    expect(publishedLabel(row({ publicResultText: '3:30', penaltyText: '+0:30: no-rep' }))).toBe('⚠️ Draft: no penalty public → ⚑ +0:30: no-rep pending');
    expect(publishedLabel(row({ publicResultText: '3:30', publicPenaltyText: '+0:30: no-rep', penaltyText: '+1:00: no-rep' }))).toBe(
      '⚠️ Draft: ⚑ +0:30: no-rep public → ⚑ +1:00: no-rep pending',
    );
    expect(publishedLabel(row({ publicResultText: '3:59', scaled: true }))).toBe('⚠️ Draft: 3:59 · Rx public → 3:30 · Scaled pending');
    // The grid shows no tiebreak: a change of it is named.
    expect(publishedLabel(row({ publicResultText: '3:30', publicTiebreakValue: 245, tiebreakValue: 250 }))).toBe('⚠️ Draft: tiebreak public → new tiebreak pending');
    expect(publishedLabel(row({ publicResultText: '3:30', tiebreakValue: 250 }))).toBe('⚠️ Draft: no tiebreak public → tiebreak pending');
    expect(publishedLabel(row({ publicResultText: '3:59', publicTiebreakValue: 245 }))).toBe('⚠️ Draft: 3:59 · tiebreak public → 3:30 · no tiebreak pending');
    // A change of nothing the console knows: the value stands for it.
    expect(publishedLabel(row({ publicResultText: '3:30', publicTiebreakValue: 245, tiebreakValue: 245 }))).toBe('⚠️ Draft: 3:30 public → 3:30 pending');
  });

  it('lets only publishers delete what the public sees', () => {
    expect(isVisible(row({ publicResultText: '3:59' }))).toBe(true);
    expect(mayDelete(row({}), false)).toBe(true);
    expect(mayDelete(row({ isPublished: true }), false)).toBe(false);
    expect(mayDelete(row({ publicResultText: '3:59' }), false)).toBe(false);
    expect(mayDelete(row({ isPublished: true }), true)).toBe(true);
  });

  it('says how many published results have changes waiting, and who publishes them', () => {
    expect(pendingNotice([row({}), row({ isPublished: true })], true)).toBeNull();
    expect(pendingNotice([row({ publicResultText: '3:59' })], false)).toBe(
      "1 published result has a change waiting for publication: the public sees the published value until then. An organiser's publication makes it public.",
    );
    expect(pendingNotice([row({ publicResultText: '3:59' }), row({ publicResultText: '4:10' })], true)).toMatch(/^2 published results have changes .* Publish to make them public\.$/);
  });
});

describe('publishing on a Draft event', () => {
  it('tells those who publish that a Draft event shows the public nothing yet', () => {
    expect(draftEventNotice('DRAFT', true)).toBe(DRAFT_EVENT_NOTICE);
    expect(draftEventNotice('DRAFT', false)).toBeNull();
    expect(draftEventNotice('IN_PROGRESS', true)).toBeNull();
    expect(draftEventNotice(undefined, true)).toBeNull();
  });
});
