import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { PublicFooter } from './layout';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The footer's year is the viewer's current year, not one written into the catalogue.
it('shows the current year in the copyright line', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-03-04T12:00:00Z'));
  render(
    <MemoryRouter>
      <PublicFooter />
    </MemoryRouter>,
  );
  expect(screen.getByText('© 2031 Podium. All rights reserved.')).toBeTruthy();
});
