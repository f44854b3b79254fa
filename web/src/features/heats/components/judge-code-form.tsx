// The judge entry by card code (docs/judging.md, "The card's code"): one field and one big
// button, for a phone held in one hand at the venue.
import { useId, useState, type FormEvent } from 'react';
import { useRedeemJudgeCode } from '../api/judge-code';
import { bigButton } from './judge-styles';
import { useTranslation } from 'react-i18next';

/** onOpen receives the token of the card's link, to open the judge screen with it. */
export function JudgeCodeForm({ onOpen }: { onOpen: (token: string) => void }) {
  const { t } = useTranslation('judge');
  const [code, setCode] = useState('');
  const redeem = useRedeemJudgeCode();
  const inputId = useId();
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    redeem.mutate(code, { onSuccess: (link) => onOpen(link.token) });
  };
  const error = redeem.error?.message;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <label htmlFor={inputId} className="text-lg font-semibold">
        {t('code.label')}
      </label>
      <input
        id={inputId}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (redeem.isError) redeem.reset(); // the refusal was of the code before
        }}
        autoFocus
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={32}
        placeholder="K7QM-3XPD"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="block w-full rounded-xl border-2 border-slate-300 px-4 py-3 text-center font-mono text-3xl font-bold uppercase tracking-widest focus:border-blue-600 focus:outline-none"
      />
      {error && (
        <p id={errorId} role="alert" className="rounded-lg bg-red-50 p-3 text-base font-medium text-red-800">
          {error}
        </p>
      )}
      <button type="submit" disabled={redeem.isPending || code.trim() === ''} className={`${bigButton} min-h-16 w-full bg-blue-700 text-2xl text-white`}>
        {redeem.isPending ? t('code.opening') : t('code.open')}
      </button>
    </form>
  );
}
