// The judge's phone screen (/judge, docs/heats.md): pick event, workout, heat and lane, then
// enter the lane's score. The choices live in the address, so a reload or a sign-in comes back
// to the same lane. Phone first: one column, 390 px, big targets within a thumb's reach; once a
// lane is open the choices fold into one line, so the entry and Save fit above the keyboard.
// Every score goes through the phone's queue (docs/judging.md), so a dropped network, a
// reload or a 401 loses nothing; the top says what waits.
import { Link, useSearchParams } from 'react-router';
import { heatsQuery, useHeats } from '../api/heats';
import { useKeptRead } from '../api/judge-screen-copy';
import { useStaffScoreQueue } from '../hooks/use-staff-score-queue';
import { laneState, resultsByTeam } from '../rules/heat-progress';
import { heatClockText } from '@/lib/heat-time';
import { eventQuery, eventsQuery, useEvent, useEvents } from '@/lib/queries/events';
import { resultGridQuery, useResultGrid } from '@/lib/queries/results';
import { JudgeLane } from './judge-lane';
import { JudgeLaneList } from './judge-lane-list';
import { JudgePickers, type JudgeStep } from './judge-pickers';
import { ScoreQueuePanel } from './score-queue-panel';
import { ScoreQueueStatus } from './score-queue-status';
import { LanguageSwitch } from '@/components/language-switch';
import { useTranslation } from 'react-i18next';

const STEPS: JudgeStep[] = ['event', 'workout', 'heat', 'lane'];

/** `username`: whose queue the screen sends (docs/judging.md). */
export function JudgeScreen({ username }: { username: string }) {
  const queue = useStaffScoreQueue(username);
  const [params, setParams] = useSearchParams();
  const eventId = params.get('event') ?? '';
  const workoutId = params.get('workout') ?? '';
  const heatId = params.get('heat') ?? '';
  const laneNo = Number(params.get('lane') ?? 0);
  // Choosing a step clears the steps after it.
  const choose = (key: JudgeStep, value: string) => {
    const next = new URLSearchParams(params);
    STEPS.slice(STEPS.indexOf(key)).forEach((k) => next.delete(k));
    if (value) next.set(key, value);
    setParams(next);
  };

  const events = useEvents();
  const event = useEvent(eventId, Boolean(eventId)); // its workouts come in workout order
  const heats = useHeats(eventId, workoutId);
  const grid = useResultGrid(eventId, { workoutId }, Boolean(eventId && workoutId));
  // Kept on the phone, so a reload without a network still shows the screen.
  useKeptRead(username, eventsQuery().queryKey, events);
  useKeptRead(username, eventQuery(eventId).queryKey, event);
  useKeptRead(username, heatsQuery(eventId, workoutId).queryKey, heats);
  useKeptRead(username, resultGridQuery(eventId, { workoutId }).queryKey, grid);
  const workout = event.data?.workouts.find((w) => w.id === workoutId);
  const heat = heats.data?.find((h) => h.id === heatId);
  const lane = heat?.lanes.find((l) => l.lane === laneNo);
  const results = resultsByTeam(grid.data?.rows);
  const failed = [events, event, heats].find((q) => q.isError);
  const { t } = useTranslation('judge');

  return (
    <div className="mx-auto min-h-screen max-w-md bg-slate-50 px-4 pb-10 pt-3">
      <header className="mb-3 flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t('screen.title')}</h1>
        <span className="flex items-center gap-3">
          <LanguageSwitch />
          <Link to="/admin/events" className="text-sm text-blue-700 underline">
            {t('screen.console')}
          </Link>
        </span>
      </header>
      <ScoreQueueStatus scores={queue.scores} sent={queue.sent} />
      {queue.storeError && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800">
          {t('screen.cannotKeep', { error: queue.storeError })}
        </p>
      )}
      {failed && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800">
          {failed.error?.message}
        </p>
      )}

      {heat && lane && workout ? (
        <>
          <button type="button" onClick={() => choose('lane', '')} className="mb-2 min-h-11 text-left text-base font-medium text-blue-700 underline">
            {t('screen.backToHeat', { number: heat.number, time: heatClockText(heat.startTime, heat.plannedStartTime), event: event.data?.name })}
          </button>
          <JudgeLane
            key={`${heat.id}:${lane.lane}:${lane.teamId}`}
            place={{ eventId, workoutId, heatId: heat.id, heatNumber: heat.number, lane }}
            workout={workout}
            saved={laneState(results, lane.teamId).result}
            queue={queue}
            onBack={() => choose('lane', '')}
            onNext={() => {
              const next = heat.lanes.find((l) => l.lane > lane.lane);
              choose('lane', next ? String(next.lane) : '');
            }}
          />
        </>
      ) : (
        <>
          <JudgePickers eventId={eventId} workoutId={workoutId} heatId={heatId} events={events} event={event} heats={heats} choose={choose} />
          {heat && <JudgeLaneList heat={heat} results={results} scores={queue.scores} onChoose={(n) => choose('lane', String(n))} />}
        </>
      )}
      <ScoreQueuePanel scores={queue.scores} onKeepMine={(s, t) => void queue.keepMine(s, t)} onDismiss={(s) => void queue.dismiss(s)} />
    </div>
  );
}
