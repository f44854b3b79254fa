import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { keepLinkToken } from '@/features/heats/api/judge-token';
import { JudgeCodeForm } from '@/features/heats/components/judge-code-form';
import { registerJudgeWorker } from './judge-worker';
import { LanguageSwitch } from '@/components/language-switch';
import { useTranslation } from 'react-i18next';

/** /judge/code: a judge card opened by its typed code, when its QR code will not scan; no
 * account, no site header (docs/judging.md). */
export default function JudgeCodeRoute() {
  const { t } = useTranslation('judge');
  const navigate = useNavigate();
  useEffect(() => registerJudgeWorker(), []);
  const open = (token: string) => {
    keepLinkToken(token);
    void navigate('/judge/link', { replace: true });
  };
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('screen.title')}</h1>
        <LanguageSwitch />
      </div>
      <p className="text-slate-700">{t('code.help')}</p>
      <JudgeCodeForm onOpen={open} />
    </main>
  );
}
