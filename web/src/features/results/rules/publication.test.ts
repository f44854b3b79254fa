import { describe, expect, it } from 'vitest';
import type { Result } from '@/lib/api/types';
import { isVisible, mayDelete, publishedLabel } from './publication';

const row = (fields: Partial<Result>): Result =>
  ({ id: 'r1', isPublished: false, publicResultText: null, resultText: '3:30', ...fields }) as Result;

describe('publication of a grid row', () => {
  it('labels drafts, published results and pending changes', () => {
    expect(publishedLabel(row({ id: null }))).toBe('—');
    expect(publishedLabel(row({}))).toBe('⚠️ Draft');
    expect(publishedLabel(row({ isPublished: true }))).toBe('✅ Public');
    expect(publishedLabel(row({ publicResultText: '3:59' }))).toBe('⚠️ Draft: 3:59 public → 3:30 pending');
  });

  it('lets only publishers delete what the public sees', () => {
    expect(isVisible(row({ publicResultText: '3:59' }))).toBe(true);
    expect(mayDelete(row({}), false)).toBe(true);
    expect(mayDelete(row({ isPublished: true }), false)).toBe(false);
    expect(mayDelete(row({ publicResultText: '3:59' }), false)).toBe(false);
    expect(mayDelete(row({ isPublished: true }), true)).toBe(true);
  });
});
