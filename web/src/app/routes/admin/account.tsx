import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/features/auth/components/auth-context';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';

export default function AccountRoute() {
  const { session } = useAuth();
  return (
    <>
      <Breadcrumbs items={[{ label: 'Account' }]} />
      <PageHeader title="Account" subtitle={session?.username} />
      <Card title="Change password" className="max-w-xl">
        <ChangePasswordForm />
      </Card>
    </>
  );
}
