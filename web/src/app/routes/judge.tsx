import { ErrorBoundary } from '@/components/error-boundary';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { JudgeScreen } from '@/features/heats/components/judge-screen';
import { useAuth } from '@/lib/auth/auth-context';

/** /judge: the judge's phone screen, outside the console frame (docs/heats.md, docs/judging.md). */
export default function JudgeRoute() {
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
  return <JudgeScreen key={username} username={username} />;
}
