import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportImageButton } from './export-image-button';
import { UNOFFICIAL_MARK, type ExportEntry } from '../rules/export-image';

const toJpeg = vi.fn<(node: HTMLElement, options: Record<string, unknown>) => Promise<string>>();
vi.mock('html-to-image', () => ({ toJpeg: (node: HTMLElement, options: Record<string, unknown>) => toJpeg(node, options) }));

const entries: ExportEntry[] = [1, 2, 3, 4].map((rank) => ({ rank, teamName: `Team ${rank}`, totalPoints: 100 - rank, result: null, athletes: [] }));

beforeEach(() => {
  toJpeg.mockReset();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ExportImageButton', () => {
  it('is disabled without data', () => {
    render(<ExportImageButton eventId="ev-1" eventName="E" divisionName="D" entries={[]} />);
    expect(screen.getByRole('button', { name: /Export Image/ })).toBeDisabled();
  });

  it('offers the templates, renders a JPEG at the format size and shows the preview', async () => {
    toJpeg.mockResolvedValue('data:image/jpeg;base64,AAAA');
    render(<ExportImageButton eventId="ev-1" eventName="Summer Throwdown" divisionName="RX" workoutName="Fran" entries={entries} />);
    fireEvent.click(screen.getByRole('button', { name: /Export Image/ }));
    expect(screen.getByLabelText(/Top 3 Podium/)).toBeChecked();
    expect(screen.getByLabelText(/Workout Spotlight/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Team Highlight/)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(/Instagram Story/));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Preview' }));
    });
    await screen.findByTestId('export-image-preview');
    expect(toJpeg).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      expect.objectContaining({ quality: 0.92, width: 1080, height: 1920, canvasWidth: 1080, canvasHeight: 1920, pixelRatio: 1 }),
    );
    const node = toJpeg.mock.calls[0]![0];
    expect(node.textContent).toContain('Summer Throwdown');
    expect(node.textContent).toContain('RX • Fran');
    expect((screen.getByLabelText('Caption') as HTMLTextAreaElement).value).toMatch(/Follow the live results: http:\/\/[^/]+\/public\/events\/ev-1$/);
  });

  it("shows 'Copied!' for 2 seconds", async () => {
    toJpeg.mockResolvedValue('data:image/jpeg;base64,AAAA');
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<ExportImageButton eventId="ev-1" eventName="E" divisionName="D" entries={entries} />);
    fireEvent.click(screen.getByRole('button', { name: /Export Image/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Preview' }));
    });
    await screen.findByTestId('export-image-preview');
    fireEvent.change(screen.getByLabelText('Caption'), { target: { value: 'My caption' } });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('My caption');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('shows the failure message, or a default one', async () => {
    toJpeg.mockRejectedValueOnce(new Error('Canvas is tainted')).mockRejectedValueOnce({});
    render(<ExportImageButton eventId="ev-1" eventName="E" divisionName="D" entries={entries} />);
    fireEvent.click(screen.getByRole('button', { name: /Export Image/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Preview' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Canvas is tainted');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Preview' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to generate image');
  });

  it('reaches Team Highlight with a team chosen from the entries', async () => {
    toJpeg.mockResolvedValue('data:image/jpeg;base64,AAAA');
    render(<ExportImageButton eventId="ev-1" eventName="E" divisionName="RX" entries={entries} />);
    fireEvent.click(screen.getByRole('button', { name: /Export Image/ }));
    fireEvent.click(screen.getByLabelText(/Team Highlight/));
    fireEvent.change(screen.getByRole('combobox', { name: 'Team' }), { target: { value: 'Team 3' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Preview' }));
    });
    await screen.findByTestId('export-image-preview');
    const node = toJpeg.mock.calls[0]![0];
    expect(node.textContent).toContain('TEAM HIGHLIGHT');
    expect(node.textContent).toContain('Team 3');
    expect(node.textContent).toContain('#3');
    expect((screen.getByLabelText('Caption') as HTMLTextAreaElement).value).toContain('Shout-out to Team 3');
  });

  it('marks an image made with drafts as unofficial, and only then', async () => {
    toJpeg.mockResolvedValue('data:image/jpeg;base64,AAAA');
    const { unmount } = render(<ExportImageButton eventId="ev-1" eventName="E" divisionName="RX" entries={entries} unofficial />);
    fireEvent.click(screen.getByRole('button', { name: /Export Image/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Preview' }));
    });
    await screen.findByTestId('export-image-preview');
    expect(toJpeg.mock.calls[0]![0].textContent).toContain(UNOFFICIAL_MARK);
    unmount();
    render(<ExportImageButton eventId="ev-1" eventName="E" divisionName="RX" entries={entries} />);
    fireEvent.click(screen.getByRole('button', { name: /Export Image/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Preview' }));
    });
    await screen.findByTestId('export-image-preview');
    expect(toJpeg.mock.calls[1]![0].textContent).not.toContain('UNOFFICIAL');
  });
});
