import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { useDivisionEligibility, usePutDivisionEligibility, type DivisionEligibility } from '../api/eligibility';

/** What the roster rule already asks (age range, categories), shown beside the settings. */
function RosterLines({ e }: { e: DivisionEligibility }) {
  const { t } = useTranslation('console');
  const age =
    e.hasAgeMin && e.hasAgeMax
      ? t('eligibility.ageRange', { min: e.ageMin, max: e.ageMax, on: e.ageOn })
      : e.hasAgeMin
        ? t('eligibility.ageFrom', { min: e.ageMin, on: e.ageOn })
        : e.hasAgeMax
          ? t('eligibility.ageUpTo', { max: e.ageMax, on: e.ageOn })
          : t('eligibility.ageNone');
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 sm:col-span-2">
      <li>{age}</li>
      <li>{e.categories.length ? t('eligibility.categories', { list: e.categories.join(', ') }) : t('eligibility.categoriesNone')}</li>
      <li>{e.series.length ? t('eligibility.series', { list: e.series.join(', ') }) : t('eligibility.seriesNone')}</li>
    </ul>
  );
}

/** A division's eligibility (the organiser's): membership required, and its level for no
 * drop-back within a series; the age range and categories come from the roster rule. The
 * typed values survive a failed save. */
export function DivisionEligibilityCard({ divisionId }: { divisionId: string }) {
  const { t } = useTranslation('console');
  const query = useDivisionEligibility(divisionId);
  const save = usePutDivisionEligibility(divisionId);
  const [membership, setMembership] = useState(false);
  const [level, setLevel] = useState('0');
  useEffect(() => {
    if (query.data) {
      setMembership(query.data.requiresMembership);
      setLevel(String(query.data.level));
    }
  }, [query.data]);
  const levelError = save.error instanceof ApiError && save.error.field === 'level' ? errorMessage(save.error) : undefined;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    save.mutate({ requiresMembership: membership, level: Number(level) });
  };
  return (
    <Card title={t('eligibility.title')} className="max-w-2xl">
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('eligibility.loadFailed', { message: errorMessage(query.error) })}
        </p>
      ) : !query.data ? (
        <p className="text-sm text-slate-500">{t('eligibility.loading')}</p>
      ) : (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
          <RosterLines e={query.data} />
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:col-span-2">
            <input type="checkbox" checked={membership} onChange={(e) => setMembership(e.target.checked)} className="h-5 w-5" />
            {t('eligibility.requiresMembership')}
          </label>
          <FormField label={t('eligibility.level')} htmlFor="eligibility-level" error={levelError} help={t('eligibility.levelHelp')}>
            <Input
              id="eligibility-level"
              inputMode="numeric"
              value={level}
              invalid={!!levelError}
              onChange={(e) => setLevel(e.target.value)}
            />
          </FormField>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" loading={save.isPending} className="min-h-11">
              {t('eligibility.save')}
            </Button>
            {save.error && !levelError && (
              <span role="alert" className="text-sm text-red-700">
                {t('eligibility.saveFailed', { message: errorMessage(save.error) })}
              </span>
            )}
            {save.isSuccess && !save.isPending && (
              <span role="status" className="text-sm text-green-800">
                {t('eligibility.saved')}
              </span>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
