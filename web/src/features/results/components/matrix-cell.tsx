import { Badge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { cn } from '@/components/cn';
import { failureText, InlineAlert } from '@/components/inline-alert';
import { ProgressBar } from '@/components/progress-bar';
import type { MatrixCell as Cell } from '@/lib/api/types';
import { PUBLICATION_FAILURE, useChangePublication } from '../api/results';
import { cellState } from '../rules/matrix';

export function resultEntryPath(eventId: string, workoutId: string, divisionId: string): string {
  return `/admin/events/${eventId}/results/entry?workout=${workoutId}&division=${divisionId}`;
}

export function MatrixCell({ eventId, cell, canPublish }: { eventId: string; cell: Cell; canPublish: boolean }) {
  const state = cellState(cell);
  const publication = useChangePublication();
  const act = (action: 'publish' | 'unpublish') => {
    if (cell.resultIds.length > 0) publication.mutate({ action, resultIds: cell.resultIds });
  };
  const failure =
    publication.isError && publication.variables ? failureText(PUBLICATION_FAILURE[publication.variables.action], publication.error) : null;

  return (
    <td
      data-testid={`matrix-cell-${cell.divisionId}-${cell.workoutId}`}
      data-complete={state.complete}
      className={cn('min-w-44 border border-slate-200 p-2 align-top text-xs', state.complete ? 'bg-green-50' : 'bg-white')}
    >
      <div className="space-y-1">
        <div className="flex justify-between">
          <span>Entered</span>
          <span className="font-medium">
            {cell.entered}/{cell.totalTeams}
          </span>
        </div>
        <ProgressBar value={cell.entered} total={cell.totalTeams} label="Entered" />
        <div className="flex justify-between">
          <span>Published</span>
          <span className="font-medium">
            {cell.published}/{cell.totalTeams}
          </span>
        </div>
        <ProgressBar value={cell.published} total={cell.totalTeams} color="green" label="Published" />
        <div className="flex flex-wrap gap-1">
          {state.missing > 0 && <Badge color="red">{state.missing} missing</Badge>}
          {state.unpublished > 0 && <Badge color="amber">{state.unpublished} unpublished</Badge>}
        </div>
        <div className="flex flex-wrap gap-1 pt-1">
          <ButtonLink size="sm" variant="primary" to={resultEntryPath(eventId, cell.workoutId, cell.divisionId)}>
            Enter
          </ButtonLink>
          {canPublish && state.canPublish && (
            <Button size="sm" variant="success" disabled={publication.isPending} onClick={() => act('publish')}>
              Publish
            </Button>
          )}
          {canPublish && state.canUnpublish && (
            <Button size="sm" variant="secondary" disabled={publication.isPending} onClick={() => act('unpublish')}>
              Unpublish
            </Button>
          )}
        </div>
        {failure && (
          <div className="max-w-56 pt-1">
            <InlineAlert message={failure} onDismiss={publication.reset} />
          </div>
        )}
      </div>
    </td>
  );
}
