import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LimitedList } from './limited-list';

describe('LimitedList', () => {
  it('shows at most 8 items, then "... and N more"', () => {
    const items = Array.from({ length: 11 }, (_, i) => `Item ${i + 1}`);
    render(<LimitedList items={items} keyOf={(i) => i} render={(i) => <span>{i}</span>} />);
    expect(screen.getByText('Item 8')).toBeInTheDocument();
    expect(screen.queryByText('Item 9')).toBeNull();
    expect(screen.getByText('... and 3 more')).toBeInTheDocument();
  });

  it('shows no remainder line for 8 items or fewer', () => {
    render(<LimitedList items={['a', 'b']} keyOf={(i) => i} render={(i) => <span>{i}</span>} />);
    expect(screen.queryByText(/more/)).toBeNull();
  });
});
