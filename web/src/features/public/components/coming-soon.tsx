import { useTranslation } from 'react-i18next';
import { TrophyIcon } from './icons';

export function ComingSoon({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <TrophyIcon className="mx-auto h-10 w-10 text-slate-300" />
      <h2 className="mt-2 text-lg font-semibold text-slate-800">{t('board.soon')}</h2>
      {text && <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{text}</p>}
    </div>
  );
}
