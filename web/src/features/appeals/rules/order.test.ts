import { describe, expect, it } from 'vitest';
import { orderAppeals } from './order';

describe('orderAppeals', () => {
  it('puts pending appeals first, as filed, then the decided ones, latest first', () => {
    const list = [
      { id: 'a', state: 'upheld', decidedAt: '2026-06-01T10:00:00Z' },
      { id: 'b', state: 'pending', decidedAt: '' },
      { id: 'c', state: 'dismissed', decidedAt: '2026-06-01T11:00:00Z' },
      { id: 'd', state: 'pending', decidedAt: '' },
    ];
    expect(orderAppeals(list).map((a) => a.id)).toEqual(['b', 'd', 'c', 'a']);
  });
});
