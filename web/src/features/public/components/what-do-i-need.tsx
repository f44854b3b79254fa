// "What do I need?" on a team's page (docs/competition-day.md): pick a workout the team has no
// published result in and a place overall; the server answers with the result to match and the
// path it gives, scored by the event's own rules.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField, Select } from '@/components/form-field';
import { whatItTakesQuery, type WhatItTakes } from '../api/what-it-takes';
import { formatNumber } from '../rules/display';

export type OpenWorkout = { id: string; name: string };

/** The places a team most often aims for: the win, the podium, the top 5 and 10 that exist. */
export function targetRanks(entrants: number): number[] {
  return [1, 3, 5, 10].filter((rank) => rank === 1 || rank <= entrants);
}

export function WhatDoINeed({ eventId, teamId, workouts, entrants }: { eventId: string; teamId: string; workouts: OpenWorkout[]; entrants: number }) {
  const { t } = useTranslation('site');
  const [workoutId, setWorkoutId] = useState(workouts[0]?.id ?? '');
  const [rank, setRank] = useState(1);
  const chosen = workouts.some((w) => w.id === workoutId) ? workoutId : (workouts[0]?.id ?? '');
  const query = useQuery({ ...whatItTakesQuery(eventId, teamId, chosen, rank), enabled: chosen !== '' });
  if (workouts.length === 0) return null;
  return (
    <section className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="what-do-i-need">
      <h2 id="what-do-i-need" className="text-xl font-semibold text-slate-900">
        {t('whatItTakes.title')}
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <FormField label={t('whatItTakes.workout')} htmlFor="what-workout">
          <Select id="what-workout" value={chosen} onChange={(e) => setWorkoutId(e.target.value)}>
            {workouts.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('whatItTakes.aimFor')} htmlFor="what-rank">
          <Select id="what-rank" value={rank} onChange={(e) => setRank(Number(e.target.value))}>
            {targetRanks(entrants).map((r) => (
              <option key={r} value={r}>
                {r === 1 ? t('whatItTakes.win') : r === 3 ? t('whatItTakes.podium') : t('whatItTakes.top', { rank: r })}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <div className="mt-4 text-sm text-slate-800" aria-live="polite">
        {query.isPending ? (
          <p className="text-slate-500">{t('whatItTakes.loading')}</p>
        ) : query.isError ? (
          <p className="text-red-700">{t('whatItTakes.failed')}</p>
        ) : (
          <Answer answer={query.data} />
        )}
      </div>
    </section>
  );
}

/** Why the server has no path, as it names the reason. */
const UNAVAILABLE: Record<string, string> = {
  frozen: 'whatItTakes.unavailable.frozen',
  published: 'whatItTakes.unavailable.published',
  no_results: 'whatItTakes.unavailable.noResults',
  combined: 'whatItTakes.unavailable.combined',
  withdrawn: 'whatItTakes.unavailable.withdrawn',
  too_large: 'whatItTakes.unavailable.tooLarge',
};

function Answer({ answer }: { answer: WhatItTakes }) {
  const { t } = useTranslation('site');
  if (answer.unavailable) return <p className="text-slate-600">{t(UNAVAILABLE[answer.unavailable] ?? 'whatItTakes.failed')}</p>;
  const values = {
    result: answer.resultText,
    team: answer.matchedTeamName,
    place: answer.workoutRank,
    workout: answer.workoutName,
    points: formatNumber(answer.points),
    total: formatNumber(answer.total),
    rank: answer.overallRank,
  };
  return (
    <div>
      <p className="font-medium">
        {answer.reached ? (answer.anyResult ? t('whatItTakes.anyResult', values) : t('whatItTakes.match', values)) : t('whatItTakes.outOfReach', values)}
      </p>
      <p className="mt-1 tabular-nums text-slate-700">{t('whatItTakes.path', values)}</p>
      <p className="mt-2 text-xs text-slate-500">{t('whatItTakes.assumption')}</p>
    </div>
  );
}
