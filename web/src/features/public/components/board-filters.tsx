// The paged board's filters (docs/boards.md, "The routes"): the captain's club, country and age
// band, kept in the page's address so a filtered board can be shared, bookmarked and reloaded.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AGE_BANDS, type BoardFilter } from '@/features/public/api/public';

const KEYS = ['club', 'country', 'ageBand'] as const;

/** The filter in the address (?club=…&country=…&ageBand=…) and a way to change it. */
export function useBoardFilter(): [BoardFilter, (next: BoardFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter: BoardFilter = {
    club: params.get('club') ?? '',
    country: params.get('country') ?? '',
    ageBand: params.get('ageBand') ?? '',
  };
  const set = (next: BoardFilter) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const k of KEYS) {
          const v = next[k]?.trim();
          if (v) out.set(k, v);
          else out.delete(k);
        }
        return out;
      },
      { replace: true },
    );
  return [filter, set];
}

export const isFiltered = (f: BoardFilter) => !!(f.club || f.country || f.ageBand);

/** A compact form: club, country (two letters), age band, Filter and Clear. */
export function BoardFilters({ filter, onChange }: { filter: BoardFilter; onChange: (next: BoardFilter) => void }) {
  const { t } = useTranslation();
  const [club, setClub] = useState(filter.club ?? '');
  const [country, setCountry] = useState(filter.country ?? '');
  const [ageBand, setAgeBand] = useState(filter.ageBand ?? '');
  const [problem, setProblem] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = country.trim();
    if (c !== '' && !/^[A-Za-z]{2}$/.test(c)) {
      setProblem(t('board.countryTwoLetters')); // the typed text stays to be mended
      return;
    }
    setProblem('');
    onChange({ club: club.trim(), country: c.toUpperCase(), ageBand });
  };
  const clear = () => {
    setClub('');
    setCountry('');
    setAgeBand('');
    setProblem('');
    onChange({});
  };
  return (
    <form onSubmit={submit} aria-label={t('board.filters')} className="mb-3 flex flex-wrap items-end gap-2">
      <label className="min-w-0 flex-1 basis-40 text-xs font-medium text-slate-600">
        {t('board.club')}
        <input
          value={club}
          onChange={(e) => setClub(e.target.value)}
          maxLength={100}
          placeholder={t('board.clubHint')}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm font-normal text-slate-900"
        />
      </label>
      <label className="w-24 text-xs font-medium text-slate-600">
        {t('board.country')}
        <input
          value={country}
          onChange={(e) => setCountry(e.target.value.toUpperCase())}
          maxLength={2}
          placeholder="NZ"
          aria-invalid={problem !== '' || undefined}
          aria-describedby={problem ? 'board-filter-problem' : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm font-normal uppercase text-slate-900"
        />
      </label>
      <label className="w-28 text-xs font-medium text-slate-600">
        {t('board.ageBand')}
        <select
          value={ageBand}
          onChange={(e) => setAgeBand(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm font-normal text-slate-900"
        >
          <option value="">{t('board.anyAge')}</option>
          {AGE_BANDS.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white">
        {t('board.filter')}
      </button>
      {isFiltered(filter) && (
        <button type="button" onClick={clear} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700">
          {t('board.clearFilter')}
        </button>
      )}
      {problem && (
        <p id="board-filter-problem" role="alert" className="basis-full text-xs text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}
