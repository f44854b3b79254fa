import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { InlineAlert } from '@/components/inline-alert';
import { ApiError } from '@/lib/api/client';
import { useSignIn } from '../api/athlete';

/**
 * After sign-up, in the tab the athlete signed up in: once the mailed link is opened, one tap
 * signs in with what was just typed (held in this page's memory only) and goes on, so the
 * athlete neither types the password again nor loses the page they came from.
 */
export function ContinueAfterConfirming({ email, password, onSignedIn }: { email: string; password: string; onSignedIn: () => void }) {
  const signIn = useSignIn();
  const unconfirmed = signIn.error instanceof ApiError && signIn.error.status === 403;
  return (
    <div className="space-y-2">
      <Button className="w-full" loading={signIn.isPending} onClick={() => signIn.mutate({ email, password }, { onSuccess: onSignedIn })}>
        I confirmed my address: continue
      </Button>
      <InlineAlert
        message={unconfirmed ? 'Your address is not confirmed yet: open the link in the mail first.' : signIn.isError ? errorMessage(signIn.error) : null}
      />
    </div>
  );
}
