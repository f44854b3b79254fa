import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResultEntryToolbar } from './result-entry-toolbar';

const base = {
  changeCount: 0,
  saving: false,
  canSave: false,
  canUndo: false,
  canRedo: false,
  savedCount: 0,
  draftCount: 0,
  publishedCount: 0,
  onSave: vi.fn(),
  onDiscard: vi.fn(),
  onUndo: vi.fn(),
  onRedo: vi.fn(),
  onDeleteAll: vi.fn(),
  onPublishAll: vi.fn(),
  onUnpublishAll: vi.fn(),
};

describe('ResultEntryToolbar', () => {
  it('hides the bulk buttons when their counts are 0', () => {
    render(<ResultEntryToolbar {...base} />);
    expect(screen.queryByRole('button', { name: /Delete All Results/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Publish All/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('labels the bulk buttons with their counts', () => {
    render(<ResultEntryToolbar {...base} savedCount={5} draftCount={2} publishedCount={3} canSave changeCount={1} />);
    expect(screen.getByRole('button', { name: 'Delete All Results (5)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish All (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish All (3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('offers no publication to a caller who may not publish', () => {
    render(<ResultEntryToolbar {...base} savedCount={5} draftCount={2} publishedCount={3} onPublishAll={undefined} onUnpublishAll={undefined} />);
    expect(screen.getByRole('button', { name: 'Delete All Results (5)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Publish All/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Unpublish All/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save and publish' })).toBeNull();
  });

  it('offers Save and publish to a publisher, enabled with Save', () => {
    render(<ResultEntryToolbar {...base} onSaveAndPublish={vi.fn()} canSave changeCount={1} />);
    expect(screen.getByRole('button', { name: 'Save and publish' })).toBeEnabled();
  });

  it('hides Delete All Results when the caller may not delete them all', () => {
    render(<ResultEntryToolbar {...base} savedCount={5} publishedCount={3} onDeleteAll={undefined} />);
    expect(screen.queryByRole('button', { name: /Delete All Results/ })).toBeNull();
  });
});
