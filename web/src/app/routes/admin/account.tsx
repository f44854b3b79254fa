import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { useMe } from '@/lib/auth/me';
import { useAuth } from '@/lib/auth/auth-context';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';

export default function AccountRoute() {
  const { session } = useAuth();
  const me = useMe();
  return (
    <>
      <Breadcrumbs items={[{ label: 'Account' }]} />
      <PageHeader title="Account" subtitle={session?.username} />
      <div className="grid max-w-xl gap-4">
        {me.data && (
          <Card title="Your account">
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-slate-500">Role</dt>
              <dd className="capitalize text-slate-800">{me.data.role}</dd>
              <dt className="font-medium text-slate-500">User ID</dt>
              <dd className="break-all font-mono text-xs text-slate-800" data-testid="my-user-id">
                {me.data.id}
              </dd>
            </dl>
            <p className="mt-2 text-xs text-slate-500">An event&apos;s organiser grants you access with this ID.</p>
          </Card>
        )}
        <Card title="Change password">
          <ChangePasswordForm />
        </Card>
      </div>
    </>
  );
}
