import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkReadings } from './link-readings';

describe('LinkReadings', () => {
  it('names each staff member who read a link, with the mail, the times and how often', () => {
    render(
      <LinkReadings
        readings={[
          { reader: 'root', subject: 'Reset your Podium password', firstReadAt: '2026-11-25T08:02:00Z', lastReadAt: '2026-11-25T08:12:00Z', times: 3 },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: "Staff who read your account's links" });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent(/root read “Reset your Podium password” 3×, first 25 Nov 2026, \d\d:02, last 25 Nov 2026, \d\d:12/);
  });

  it('shows nothing when no one read a link', () => {
    const { container } = render(<LinkReadings readings={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText("Staff who read your account's links")).not.toBeInTheDocument();
  });
});
