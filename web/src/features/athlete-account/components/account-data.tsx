import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { saveFile } from '@/lib/download';
import { downloadMyData, useDeleteAccount } from '../api/athlete';

/** The athlete's data: download it, or delete the account (with the password). */
export function AccountData() {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const passwordError = remove.error instanceof ApiError && remove.error.field === 'password' ? remove.error.message : undefined;

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const file = await downloadMyData();
      saveFile(file.blob, file.fileName ?? 'podium-my-data.csv');
    } catch (error) {
      setDownloadError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The deletion ends the session, which unmounts this form before mutate's own callbacks
    // would run; the promise settles whatever is mounted. A refusal is shown from remove.error.
    remove
      .mutateAsync(password)
      .then(() => navigate('/public/athlete/profile', { replace: true, state: { accountDeleted: true } }))
      .catch(() => undefined);
  };

  return (
    <section className="mt-6 space-y-3 border-t border-slate-100 pt-4" aria-labelledby="account-data">
      <h2 id="account-data" className="text-base font-semibold text-slate-900">
        Your data
      </h2>
      <div className="space-y-1">
        <Button variant="secondary" size="sm" loading={downloading} onClick={() => void download()}>
          Download my data
        </Button>
        <p className="text-xs text-slate-500">Your profile and registrations as a spreadsheet file (CSV).</p>
        {downloadError && (
          <p role="alert" className="text-sm text-red-700">
            The download failed: {downloadError}
          </p>
        )}
      </div>
      {deleting ? (
        <form onSubmit={submit} noValidate className="space-y-3 rounded-md border border-red-200 bg-red-50 p-3">
          <p className="text-sm text-red-900">
            Deleting your account signs you out everywhere and frees your email address. Teams and published results stay; your name in
            them becomes “Former athlete”. This cannot be undone.
          </p>
          <FormField label="Your password" htmlFor="delete-password" required error={passwordError}>
            <Input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (remove.isError) remove.reset();
              }}
            />
          </FormField>
          {remove.error && !passwordError && (
            <p role="alert" className="text-sm text-red-700">
              Your account was not deleted: {errorMessage(remove.error)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" size="sm" loading={remove.isPending}>
              Delete my account
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDeleting(false)}>
              Keep my account
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setDeleting(true)}>
          Delete my account…
        </Button>
      )}
    </section>
  );
}
