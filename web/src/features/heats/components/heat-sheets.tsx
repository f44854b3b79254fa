// The printable heat sheets: one page a heat with its time, lanes, teams, athletes and an
// empty score box. Hidden on screen; the print stylesheet (index.css, .heat-sheets) prints
// only them.
import { useTranslation } from 'react-i18next';
import type { Heat, Team, Workout } from '@/lib/api/types';
import { heatClock } from '@/lib/heat-time';
import { laneNames } from '../rules/lane-names';

export function HeatSheets({ workout, heats, teams }: { workout: Workout; heats: Heat[]; teams: Map<string, Team> }) {
  const { t } = useTranslation('console');
  return (
    <div className="heat-sheets hidden print:block">
      {heats.map((h) => (
        <section key={h.id} className="heat-sheet">
          <h1 className="text-2xl font-bold">
            {t('heats.sheetTitle', { workout: workout.name, number: h.number })}
          </h1>
          <p className="mb-4 text-lg">{t('heats.sheetStart', { time: heatClock(h.startTime) })}</p>
          <table className="w-full border-collapse text-base">
            <thead>
              <tr>
                <th className="w-16 border border-black px-2 py-1 text-left">{t('heats.lane')}</th>
                <th className="border border-black px-2 py-1 text-left">{t('heats.team')}</th>
                <th className="border border-black px-2 py-1 text-left">{t('heats.athletes')}</th>
                <th className="w-1/4 border border-black px-2 py-1 text-left">{t('heats.score')}</th>
              </tr>
            </thead>
            <tbody>
              {h.lanes.map((l) => {
                const team = teams.get(l.teamId);
                const names = laneNames(l);
                return (
                  <tr key={l.lane}>
                    <td className="border border-black px-2 py-3 text-xl font-bold">{l.lane}</td>
                    <td className="border border-black px-2 py-3">
                      {names.title}
                      <div className="text-xs">{team?.divisionName}</div>
                    </td>
                    <td className="border border-black px-2 py-3 text-sm">
                      {l.teamSize === 1 ? '' : names.athletes || [team?.athlete1Name, team?.athlete2Name].filter(Boolean).join(', ')}
                    </td>
                    <td className="border border-black px-2 py-3" aria-label={t('heats.score')} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
