// The printable heat sheets: one page a heat with its time, lanes, teams, athletes and an
// empty score box. Hidden on screen; the print stylesheet (index.css, .heat-sheets) prints
// only them.
import type { Heat, Team, Workout } from '@/lib/api/types';
import { heatClock } from '@/lib/heat-time';

export function HeatSheets({ workout, heats, teams }: { workout: Workout; heats: Heat[]; teams: Map<string, Team> }) {
  return (
    <div className="heat-sheets hidden print:block">
      {heats.map((h) => (
        <section key={h.id} className="heat-sheet">
          <h1 className="text-2xl font-bold">
            {workout.name} — Heat {h.number}
          </h1>
          <p className="mb-4 text-lg">Start {heatClock(h.startTime)}</p>
          <table className="w-full border-collapse text-base">
            <thead>
              <tr>
                <th className="w-16 border border-black px-2 py-1 text-left">Lane</th>
                <th className="border border-black px-2 py-1 text-left">Team</th>
                <th className="border border-black px-2 py-1 text-left">Athletes</th>
                <th className="w-1/4 border border-black px-2 py-1 text-left">Score</th>
              </tr>
            </thead>
            <tbody>
              {h.lanes.map((l) => {
                const t = teams.get(l.teamId);
                return (
                  <tr key={l.lane}>
                    <td className="border border-black px-2 py-3 text-xl font-bold">{l.lane}</td>
                    <td className="border border-black px-2 py-3">
                      {l.teamName}
                      <div className="text-xs">{t?.divisionName}</div>
                    </td>
                    <td className="border border-black px-2 py-3 text-sm">{[t?.athlete1Name, t?.athlete2Name].filter(Boolean).join(', ')}</td>
                    <td className="border border-black px-2 py-3" aria-label="Score" />
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
