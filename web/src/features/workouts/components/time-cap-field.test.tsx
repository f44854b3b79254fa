import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TIME_CAP_TEXT } from '../rules/time-cap';
import { TimeCapField } from './time-cap-field';

function Harness() {
  const [value, setValue] = useState('');
  return <TimeCapField value={value} onChange={setValue} />;
}

describe('TimeCapField', () => {
  it('shows the help text, pads on blur and clears with the x button', async () => {
    render(<Harness />);
    expect(screen.getByText(TIME_CAP_TEXT.help)).toBeInTheDocument();
    const input = screen.getByLabelText('Time Cap');
    await userEvent.type(input, '5:3');
    await userEvent.tab();
    expect(input).toHaveValue('05:03');
    await userEvent.click(screen.getByRole('button', { name: 'Clear time cap' }));
    expect(input).toHaveValue('');
  });
});
