import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { MatrixCell } from './matrix-cell';

afterEach(() => vi.unstubAllGlobals());

const cell = (entered: number, published: number) => ({
  divisionId: 'd1',
  workoutId: 'w1',
  totalTeams: 3,
  entered,
  published,
  resultIds: ['r1', 'r2', 'r3'].slice(0, entered),
});

function renderCell(c: ReturnType<typeof cell>, canPublish = true) {
  return renderWithApp(
    <table>
      <tbody>
        <tr>
          <MatrixCell eventId="e1" cell={c} canPublish={canPublish} />
        </tr>
      </tbody>
    </table>,
  );
}

describe('MatrixCell', () => {
  it('shows counts, badges, Enter and Publish while results are missing and unpublished', async () => {
    const fetchSpy = mockFetch(() => ({ body: { updatedCount: 1 } }));
    renderCell(cell(2, 1));
    expect(await screen.findByText('1 missing')).toBeInTheDocument();
    expect(screen.getByText('1 unpublished')).toBeInTheDocument();
    expect(screen.getByText('2/3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter' })).toHaveAttribute('href', '/admin/events/e1/results/entry?workout=w1&division=d1');
    expect(screen.queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(screen.getByRole('cell')).toHaveAttribute('data-complete', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe('/api/results/publication/publish');
    expect(JSON.parse(String(init!.body))).toEqual({ resultIds: ['r1', 'r2'] });
  });

  it('is green with Unpublish when every team has a published result', async () => {
    mockFetch(() => undefined);
    renderCell(cell(3, 3));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.getByRole('cell')).toHaveAttribute('data-complete', 'true');
  });

  it('offers a scorer Enter only', async () => {
    mockFetch(() => undefined);
    renderCell(cell(3, 1), false);
    expect(await screen.findByRole('link', { name: 'Enter' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).toBeNull();
  });
});
