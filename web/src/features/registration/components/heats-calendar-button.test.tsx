import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clearAthleteSession, saveAthleteSession } from '@/lib/athlete-session';
import { saveFile } from '@/lib/download';
import { HeatsCalendarButton } from './heats-calendar-button';

// The browser's saving is not jsdom's to do: the test checks what is handed to it.
vi.mock('@/lib/download', () => ({ saveFile: vi.fn() }));

const calls: { url: string; auth: string | undefined }[] = [];
let reply: () => Response;

beforeEach(() => {
  calls.length = 0;
  saveAthleteSession({ token: 'athlete-tok', email: 'anna@example.com', expiresAt: '2999-01-01T00:00:00Z' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, auth: (init?.headers as Record<string, string> | undefined)?.Authorization });
      return reply();
    }),
  );
  vi.mocked(saveFile).mockClear();
});
afterEach(() => {
  cleanup();
  clearAthleteSession();
  vi.unstubAllGlobals();
});

describe('Add to calendar (my heats)', () => {
  it("fetches the athlete's own file with their token and saves it", async () => {
    reply = () =>
      new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/calendar', 'Content-Disposition': 'attachment; filename="my-heats.ics"' },
      });
    render(<HeatsCalendarButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'my-heats.ics'));
    expect(calls).toEqual([{ url: '/api/calendar/mine/heats.ics', auth: 'Bearer athlete-tok' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when the file cannot be had', async () => {
    reply = () => new Response(JSON.stringify({ code: 'unavailable', message: 'Service unavailable' }), { status: 503 });
    render(<HeatsCalendarButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not download the calendar file. Service unavailable');
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeEnabled();
  });
});
