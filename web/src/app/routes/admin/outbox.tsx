import { Breadcrumbs } from '@/components/breadcrumbs';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { PageHeader } from '@/components/page-header';
import { canManageUsers } from '@/lib/auth/permissions';
import { useRole } from '@/lib/auth/use-permissions';
import { MAIL_SERVICES, useOutboxes } from '@/features/outbox/api/outbox';
import { OutboxList } from '@/features/outbox/components/outbox-list';
import { mergeOutboxes } from '@/features/outbox/rules/mail-state';
import { NoAccessState } from '@/components/no-access-state';

function OutboxScreen() {
  const queries = useOutboxes();
  const loaded = queries.flatMap((q) => (q.data ? [q.data] : []));
  const failed = queries.flatMap((q, i) => (q.isError && !q.data ? [{ service: MAIL_SERVICES[i], query: q }] : []));
  const notSending = loaded.length > 0 && loaded.every((box) => !box.sending);
  const mails = mergeOutboxes(loaded);
  return (
    <>
      <Breadcrumbs items={[{ label: 'Outbox' }]} />
      <PageHeader title="Outbox" subtitle="Every mail Podium queued: sign-up links, registration mail — sent, waiting or failing" />
      {notSending && (
        <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          No mail server is configured (PODIUM_SMTP_URL), so mails wait here and are not sent. Open a mail to read it and
          follow its links. Each time this page shows a link or code meant for one person (confirmation, password reset,
          share code), your reading is recorded, and an athlete is told who read their links when their password changes.
        </p>
      )}
      {failed.map(({ service, query }) => (
        <div key={service} className="mb-4">
          <ErrorPanel title={`Failed to load the ${service} outbox`} error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ))}
      {queries.some((q) => q.isPending) ? (
        <LoadingPlaceholder />
      ) : mails.length === 0 ? (
        failed.length === 0 && <EmptyState title="No mail yet" />
      ) : (
        <OutboxList mails={mails} />
      )}
    </>
  );
}

/** Admins only (the mails hold sign-in links); anyone else goes to their events. */
export default function OutboxRoute() {
  const role = useRole();
  if (role === undefined) return null;
  return canManageUsers(role) ? <OutboxScreen /> : <NoAccessState />;
}
