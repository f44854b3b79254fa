import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { useAuth } from '@/lib/auth/auth-context';
import { LoginForm } from '@/features/auth/components/login-form';
import { sessionEndedByServer, type Session } from '@/lib/session';

const DEFAULT_TARGET = '/admin/events';


function returnTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : DEFAULT_TARGET;
}

export default function LoginRoute() {
  const { t } = useTranslation('console');
  const { isLoading, session, signIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnTarget(location.state);
  const signedOut = (location.state as { signedOut?: unknown } | null)?.signedOut === true || sessionEndedByServer();

  if (isLoading) return <FullPageSpinner />;
  if (session) return <Navigate to={target} replace />;

  const onSuccess = (next: Session) => {
    signIn(next);
    void navigate(target, { replace: true });
  };

  return (
    <main className="relative flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <LanguageSwitch className="absolute right-4 top-4" />
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-md">
        <h1 className="text-center text-2xl font-bold text-slate-900">Podium</h1>
        <p className="mb-6 mt-1 text-center text-sm text-slate-600">{t('login.intro')}</p>
        {signedOut && (
          <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('login.signedOut')}
          </p>
        )}
        {target.startsWith('/judge') && (
          // A volunteer judge has no account: their card's code opens their lanes (docs/judging.md).
          <Link to="/judge/code" className="mb-4 block rounded-lg bg-blue-50 p-3 text-center text-base font-semibold text-blue-800 underline">
            {t('login.judgeCard')}
          </Link>
        )}
        <LoginForm onSuccess={onSuccess} />
      </div>
    </main>
  );
}
