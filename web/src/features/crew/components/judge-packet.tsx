import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Markdown } from '@/components/markdown';
import { formatClock, formatDate } from '@/lib/dates';
import type { RotationSlot } from '../api/volunteer';

export type PacketWorkout = { id: string; name: string; description: string };

/** A judge's packet to print (docs/crew.md, "A judge's packet"): their places by start (the
 * heats' current times, a schedule shift included), then each of their workouts with its
 * description, where the organiser writes the movement standards. */
export function JudgePacket({ judgeName, eventName, slots, workouts }: { judgeName: string; eventName: string; slots: RotationSlot[]; workouts: PacketWorkout[] }) {
  const { t } = useTranslation('site');
  const mine = [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.lane - b.lane);
  const used = workouts.filter((w) => mine.some((s) => s.workoutId === w.id));
  return (
    <div className="space-y-4">
      <div className="print:hidden">
        <Button variant="secondary" className="min-h-11" onClick={() => window.print()}>
          {t('crew.packet.print')}
        </Button>
      </div>
      <article className="judge-packet space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm print:border-0 print:shadow-none">
        <header>
          <p className="text-sm text-slate-500">{eventName}</p>
          <h1 className="text-2xl font-bold text-slate-900">{t('crew.packet.title', { name: judgeName })}</h1>
        </header>
        {mine.length === 0 ? (
          <p className="text-sm text-slate-600">{t('crew.packet.none')}</p>
        ) : (
          <table className="w-full text-left text-sm" aria-label={t('crew.packet.heats')}>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-2">{t('crew.packet.time')}</th>
                <th scope="col" className="py-1 pr-2">{t('crew.packet.heat')}</th>
                <th scope="col" className="py-1 pr-2">{t('crew.packet.lane')}</th>
                <th scope="col" className="py-1">{t('crew.packet.team')}</th>
              </tr>
            </thead>
            <tbody>
              {mine.map((s) => (
                <tr key={`${s.heatId}-${s.lane}`} className="border-b border-slate-100 align-top" data-testid="packet-place">
                  <td className="py-1 pr-2 whitespace-nowrap">
                    {formatDate(s.startsAt)} {formatClock(s.startsAt)}
                  </td>
                  <td className="py-1 pr-2">
                    {s.workoutName}, {t('crew.heat', { number: s.heatNumber })}
                  </td>
                  <td className="py-1 pr-2">{s.lane === 0 ? t('crew.headJudge') : s.lane}</td>
                  <td className="py-1 break-words">{s.teamName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {used.map((w) => (
          <section key={w.id} className="judge-packet-workout" data-testid="packet-workout">
            <h2 className="mb-1 text-lg font-semibold text-slate-900">{t('crew.packet.standards', { workout: w.name })}</h2>
            {w.description ? <Markdown>{w.description}</Markdown> : <p className="text-sm text-slate-600">{t('crew.packet.noStandards')}</p>}
          </section>
        ))}
      </article>
    </div>
  );
}
