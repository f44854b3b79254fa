import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { errorMessage } from '@/components/error-panel';
import { useResendVerification } from '../api/athlete';

/** "No email?": mails a new confirmation link to email, or how to finish when several sign-ups wait (the same answer for any address). */
export function ResendLink({ email }: { email: string }) {
  const resend = useResendVerification();
  if (resend.isSuccess) {
    return (
      <p role="status" className="text-sm text-slate-700">
        If {email} waits for confirmation, an email is on its way: a new link (earlier links no longer work) or, when several
        sign-ups wait, how to finish yours.
      </p>
    );
  }
  return (
    <div className="space-y-2 text-sm text-slate-600">
      <p>No email? Check the spam folder, or get a new link.</p>
      <Button variant="secondary" size="sm" loading={resend.isPending} onClick={() => resend.mutate(email)}>
        Send a new link
      </Button>
      <InlineAlert message={resend.isError ? errorMessage(resend.error) : null} />
    </div>
  );
}
