import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SaveReportPanel } from './save-report-panel';

const noun: [string, string] = ['result', 'results'];

describe('SaveReportPanel', () => {
  it('says nothing changed when every row was stored as it already was', () => {
    render(<SaveReportPanel report={{ saved: [], unchanged: ['Alpha'], failed: [] }} noun={noun} onDismiss={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Nothing changed: Alpha already has this result.');
    expect(screen.getByRole('status')).not.toHaveTextContent('Saved');
  });

  it('names the saved rows and the unchanged ones apart', () => {
    render(<SaveReportPanel report={{ saved: ['Bravo'], unchanged: ['Alpha', 'Charlie'], failed: [] }} noun={noun} onDismiss={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved 1 result: Bravo');
    expect(screen.getByRole('status')).toHaveTextContent('Unchanged (already stored as typed): Alpha, Charlie');
  });
});
