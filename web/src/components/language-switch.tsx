import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/cn';
import { chooseLanguage } from '@/lib/i18n/i18n';
import { LANGUAGE_NAMES, LANGUAGES, matchLanguage } from '@/lib/i18n/languages';

/** The header's language switch: each language named in its own words; the choice shows at once
 * and is kept on this browser and, when signed in, with the account (lib/i18n/i18n.ts). */
export function LanguageSwitch({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = matchLanguage(i18n.language) ?? 'en';
  return (
    <span className={cn('inline-flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(e) => void chooseLanguage(matchLanguage(e.target.value) ?? 'en')}
        className={cn(
          'rounded border px-1.5 py-1 text-sm',
          tone === 'dark' ? 'border-slate-600 bg-slate-800 text-white' : 'border-slate-300 bg-white text-slate-700',
        )}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
