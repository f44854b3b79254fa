import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { takeLinkToken } from '@/features/heats/api/judge-token';
import { JudgeLinkScreen } from '@/features/heats/components/judge-link-screen';
import { registerJudgeWorker } from './judge-worker';
import { LanguageSwitch } from '@/components/language-switch';
import { Trans, useTranslation } from 'react-i18next';

/** /judge/link: a judge card's screen, no account (docs/judging.md). */
export default function JudgeLinkRoute() {
  const { t } = useTranslation('judge');
  const [token] = useState(takeLinkToken);
  useEffect(() => registerJudgeWorker(), []);
  if (!token) {
    return (
      <main className="mx-auto max-w-md p-4">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-xl font-bold">{t('screen.title')}</h1>
          <LanguageSwitch />
        </div>
        <p className="mt-2 text-slate-700">
          <Trans t={t} i18nKey="link.scan" components={{ code: <Link to="/judge/code" className="font-semibold text-blue-700 underline" /> }} />
        </p>
      </main>
    );
  }
  return (
    <ErrorBoundary>
      <JudgeLinkScreen token={token} />
    </ErrorBoundary>
  );
}
