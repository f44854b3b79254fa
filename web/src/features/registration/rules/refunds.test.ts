import { describe, expect, it } from 'vitest';
import { formatMoney, withdrawalRefund } from './refunds';

const paid = {
  paid: true,
  feeCents: 5000,
  currency: 'EUR',
  withdrawalRefundCents: 4000,
  refundState: '',
};

describe('withdrawal refund', () => {
  it('says part, all or nothing of a paid fee, and nothing of an unpaid one', () => {
    expect(withdrawalRefund(paid, 'en')).toEqual({
      key: 'refunds.withdrawRefund',
      refund: '€40.00',
      fee: '€50.00',
    });
    expect(withdrawalRefund({ ...paid, withdrawalRefundCents: 5000 }, 'en')?.key).toBe('refunds.withdrawRefundAll');
    expect(withdrawalRefund({ ...paid, withdrawalRefundCents: 0 }, 'en')?.key).toBe('refunds.withdrawNoRefund');
    expect(withdrawalRefund({ ...paid, paid: false }, 'en')).toBeNull();
    expect(withdrawalRefund({ ...paid, refundState: 'due' }, 'en')).toBeNull();
  });
  it('writes money in the viewer language', () => {
    expect(formatMoney(4000, 'EUR', 'de')).toMatch(/^40,00\s€$/);
  });
});
