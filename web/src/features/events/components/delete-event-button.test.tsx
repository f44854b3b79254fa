import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { DELETE_EVENT_TEXT, DeleteEventButton } from './delete-event-button';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DeleteEventButton', () => {
  it('does nothing when the confirmation is declined', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const fetchSpy = mockFetch(() => undefined);
    renderWithApp(<DeleteEventButton eventId="e1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Event' }));
    expect(confirm).toHaveBeenCalledWith(DELETE_EVENT_TEXT.confirm);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    [409, DELETE_EVENT_TEXT.conflict],
    [404, DELETE_EVENT_TEXT.notFound],
    [500, DELETE_EVENT_TEXT.failed],
  ])('alerts on %i', async (status, text) => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockFetch(() => ({ status, body: { code: 9, message: 'x' } }));
    renderWithApp(<DeleteEventButton eventId="e1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Event' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(text));
  });
});
