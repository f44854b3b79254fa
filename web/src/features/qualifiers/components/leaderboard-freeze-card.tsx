import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { InlineAlert, failureText } from '@/components/inline-alert';
import { QueryState } from '@/components/query-state';
import { formatDateTime } from '@/lib/dates';
import { queryKeys } from '@/lib/queryKeys';
import { useLeaderboardFreeze, useSetLeaderboardFreeze } from '../api/freeze';

/**
 * The leaderboard freeze of an online event (docs/qualifiers.md, "The leaderboard freeze"): the
 * organiser stops the public board while judges finish, and starts it again. Both ask first:
 * the public sees the change at once.
 */
export function LeaderboardFreezeCard({ eventId }: { eventId: string }) {
  const state = useLeaderboardFreeze(eventId);
  const setFreeze = useSetLeaderboardFreeze(eventId);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (freeze: boolean) => {
    setFailure(null);
    try {
      await setFreeze.mutateAsync(freeze);
      setConfirming(false);
    } catch (err) {
      setFailure(failureText(freeze ? 'Freezing the leaderboard failed' : 'Unfreezing the leaderboard failed', err));
      // Someone else may have changed it meanwhile: show the board's state as it is.
      void queryClient.invalidateQueries({ queryKey: queryKeys.qualifiers.freeze(eventId) });
    }
  };

  return (
    <Card title="Public leaderboard">
      <QueryState query={state} errorTitle="Failed to load the leaderboard's state">
        {(freeze) => (
          <div className="space-y-3" data-testid="leaderboard-freeze">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {freeze.frozen ? <Badge color="blue">Frozen</Badge> : <Badge color="green">Live</Badge>}
              {freeze.frozen ? (
                <span>
                  Frozen since {formatDateTime(freeze.frozenAt)} by {freeze.frozenBy}: the public board shows the standings of that moment.
                  Scores you publish meanwhile appear when you unfreeze it.
                </span>
              ) : (
                <span>The public board shows every score you publish as you publish it.</span>
              )}
            </p>
            {confirming ? (
              <div className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2">
                <span className="text-sm text-amber-900">
                  {freeze.frozen
                    ? 'Unfreeze the leaderboard? The public board shows every published score at once.'
                    : 'Freeze the leaderboard? The public board keeps its standings until you unfreeze it.'}
                </span>
                <Button size="sm" variant="primary" loading={setFreeze.isPending} onClick={() => run(!freeze.frozen)}>
                  {freeze.frozen ? 'Unfreeze' : 'Freeze'}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
                {freeze.frozen ? 'Unfreeze leaderboard…' : 'Freeze leaderboard…'}
              </Button>
            )}
            <InlineAlert message={failure} onDismiss={() => setFailure(null)} />
          </div>
        )}
      </QueryState>
    </Card>
  );
}
