import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { restoreJudgeScreen } from '@/features/heats/api/judge-screen-copy';
import { JudgeScreen } from '@/features/heats/components/judge-screen';
import { useAuth } from '@/lib/auth/auth-context';
import { registerJudgeWorker } from './judge-worker';

/** /judge: the judge's phone screen, outside the console frame (docs/heats.md, docs/judging.md). */
export default function JudgeRoute() {
  useEffect(() => registerJudgeWorker(), []);
  return (
    <RequireAuth>
      <ErrorBoundary>
        <SignedInJudge />
      </ErrorBoundary>
    </RequireAuth>
  );
}

function SignedInJudge() {
  const { session } = useAuth();
  // RequireAuth renders this only with a session; the key starts a new user's queue afresh.
  const username = session?.username ?? '';
  const queryClient = useQueryClient();
  // Before the screen's queries run: a reload without a network shows the last reads.
  useState(() => restoreJudgeScreen(queryClient, username));
  return <JudgeScreen key={username} username={username} />;
}
