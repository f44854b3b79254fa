import type { HotTableRef } from '@handsontable/react-wrapper';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/components/error-panel';
import { ApiError } from '@/lib/api/client';
import type { Result } from '@/lib/api/types';
import type { SaveFailure, SaveReport } from '@/lib/unsaved/save-report';
import { useBatchSaveResults } from '../api/results';
import { refusedTeamId, toResultInputs } from '../rules/pending-changes';
import type { usePendingChanges } from './use-pending-changes';

/** The other rows of a batch the server refused because of one row. */
const NOT_SAVED_WITH_REFUSED_ROW = 'not saved, because the save is all or nothing and another row was refused';

type Pending = ReturnType<typeof usePendingChanges>;

/**
 * Saving the grid's changes (with or without publication) and what the last save did: the
 * report row by row, and the row the server refused, marked until its text changes.
 */
export function useResultSave(rows: readonly Result[], pending: Pending) {
  const save = useBatchSaveResults();
  const gridRef = useRef<HotTableRef | null>(null);
  const [report, setReport] = useState<SaveReport | null>(null);
  const [requested, setRequested] = useState<{ publish: boolean } | null>(null);
  const [refused, setRefused] = useState<{ teamId: string; text: string } | null>(null);
  const refusedNow = refused && pending.changes[refused.teamId] === refused.text ? refused.teamId : null;
  const invalidTeamIds = useMemo(
    () => new Set([...pending.errors.map((e) => e.teamId), ...(refusedNow ? [refusedNow] : [])]),
    [pending.errors, refusedNow],
  );
  const canSave = pending.count > 0 && !save.isPending && pending.errors.length === 0;

  const teamName = (teamId: string) => rows.find((r) => r.teamId === teamId)?.teamName ?? teamId;
  const submit = (publish: boolean) => {
    if (!canSave) return;
    const sent = pending.changes;
    const inputs = toResultInputs(sent, rows);
    setReport(null);
    setRefused(null);
    save.mutate(
      { results: inputs, publish },
      {
        onSuccess: (response) => {
          pending.settle(sent);
          // The server says which rows it left as they were (the same value typed again).
          const same = new Set(response.unchangedIds ?? []);
          const unchangedTeams = new Set(response.results.filter((r) => r.id && same.has(r.id)).map((r) => r.teamId));
          const teams = Object.keys(sent);
          setReport({
            saved: teams.filter((t) => !unchangedTeams.has(t)).map(teamName),
            unchanged: teams.filter((t) => unchangedTeams.has(t)).map(teamName),
            failed: [],
          });
        },
        onError: (error) => {
          // The batch is one transaction: a refused row (the server names its field) keeps every
          // row unsaved; that row's cell is marked with the server's reason.
          const teamId = refusedTeamId(error instanceof ApiError ? error.field : null, inputs);
          if (teamId) setRefused({ teamId, text: sent[teamId] ?? '' });
          const failed: SaveFailure[] = inputs.map((input) => ({
            label: teamName(input.teamId),
            message: !teamId || input.teamId === teamId ? errorMessage(error) : NOT_SAVED_WITH_REFUSED_ROW,
          }));
          setReport({ saved: [], failed });
        },
      },
    );
  };
  // A save may come while a cell is still open (Ctrl/Cmd+S): commit it, then save once its
  // edit is in state.
  const request = (publish: boolean) => {
    const hot = gridRef.current?.hotInstance;
    if (hot?.getActiveEditor()?.isOpened()) hot.getActiveEditor()?.finishEditing();
    setRequested({ publish });
  };
  // After every render on purpose: the save must see the state the committed cell edit produced.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!requested) return;
    setRequested(null);
    submit(requested.publish);
  });

  return {
    gridRef,
    canSave,
    saving: save.isPending,
    invalidTeamIds,
    report,
    dismissReport: () => setReport(null),
    save: () => request(false),
    saveAndPublish: () => request(true),
  };
}
