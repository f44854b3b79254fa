import { ErrorBoundary } from '@/components/error-boundary';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { JudgeScreen } from '@/features/heats/components/judge-screen';

/** /judge: the judge's phone screen, outside the console frame (docs/heats.md). */
export default function JudgeRoute() {
  return (
    <RequireAuth>
      <ErrorBoundary>
        <JudgeScreen />
      </ErrorBoundary>
    </RequireAuth>
  );
}
