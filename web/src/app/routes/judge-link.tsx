import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { takeLinkToken } from '@/features/heats/api/judge-token';
import { JudgeLinkScreen } from '@/features/heats/components/judge-link-screen';
import { registerJudgeWorker } from './judge-worker';

/** /judge/link: a judge card's screen, no account (docs/judging.md). */
export default function JudgeLinkRoute() {
  const [token] = useState(takeLinkToken);
  useEffect(() => registerJudgeWorker(), []);
  if (!token) {
    return (
      <main className="mx-auto max-w-md p-4">
        <h1 className="text-xl font-bold">Judge</h1>
        <p className="mt-2 text-slate-700">
          Scan the QR code on your judge card to open your lanes, or{' '}
          <Link to="/judge/code" className="font-semibold text-blue-700 underline">
            type its code
          </Link>
          .
        </p>
      </main>
    );
  }
  return (
    <ErrorBoundary>
      <JudgeLinkScreen token={token} />
    </ErrorBoundary>
  );
}
