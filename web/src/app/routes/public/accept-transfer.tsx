import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { AcceptTransfer } from '@/features/registration/components/accept-transfer';
import { athleteSignInHref, athleteSignUpHref, useIsAthlete } from '@/lib/auth/use-athlete';

/** A place on a team offered by a transfer's mailed link (docs/registration.md, "Transfers"). */
export default function AcceptTransferRoute() {
  const { t } = useTranslation('site');
  const [params] = useSearchParams();
  const location = useLocation();
  const athlete = useIsAthlete();
  const here = location.pathname + location.search;
  return (
    <div className="mx-auto max-w-2xl">
      <Breadcrumbs items={[{ label: t('transfer.events'), to: '/public/events' }, { label: t('transfer.breadcrumb') }]} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('transfer.title')}</h1>
      <AcceptTransfer linkKey={params.get('key') ?? ''} athlete={athlete} signInHref={athleteSignInHref(here)} signUpHref={athleteSignUpHref(here)} />
    </div>
  );
}
