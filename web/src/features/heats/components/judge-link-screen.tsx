// The judge screen of a judge link (docs/judging.md): a phone without an account, opened from
// a card's QR code, for the card's lanes only. Works offline: the screen comes from the
// service worker, the sheet from the phone's copy, and every score is kept in IndexedDB and
// sent when the network is back. The lane open lives in the address, so a reload comes back
// to it.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '@/components/cn';
import { ApiError } from '@/lib/api/client';
import { HeatTime } from '@/components/heat-time';
import { LINK_ENDED, sendJudgeScore, useJudgeSheet } from '../api/judge-sheet';
import { linkKeyOf } from '../api/judge-token';
import { useScoreQueue, type ScoreSender } from '../hooks/use-score-queue';
import { knownValue, laneMark } from '../rules/score-queue';
import { LaneMarkText, markBorder } from './judge-lane-list';
import { JudgeLinkEntry } from './judge-link-entry';
import { ScoreQueuePanel } from './score-queue-panel';
import { ScoreQueueStatus } from './score-queue-status';
import { LanguageSwitch } from '@/components/language-switch';
import { useTranslation } from 'react-i18next';
import { LaneTeamName } from './lane-team-name';
import { laneNames } from '../rules/lane-names';

/** Every judge link's waiting scores, each with its own link's token: a score outlives a newer
 * card scanned on the phone. */
const linkSender: ScoreSender = {
  mine: (s) => s.token !== undefined,
  send: (s) => sendJudgeScore(s.token ?? '', s.heatId, s.lane, s.input),
  unauthorized: 'refuse',
};

export function JudgeLinkScreen({ token }: { token: string }) {
  const linkKey = linkKeyOf(token);
  const sheet = useJudgeSheet(token, linkKey);
  const [ended, setEnded] = useState(false);
  const refetch = () => void sheet.refetch();
  const queue = useScoreQueue(linkKey, linkSender, { onSent: refetch, onConflict: refetch, onEnded: () => setEnded(true) });
  const [params, setParams] = useSearchParams();
  const data = sheet.data;
  const linkEnded = ended || (sheet.error instanceof ApiError && sheet.error.status === 401);

  const heat = data?.heats.find((h) => h.id === params.get('heat'));
  const lane = heat?.lanes.find((l) => l.lane === Number(params.get('lane')));
  const open = (heatId: string, laneNo: number) => setParams({ heat: heatId, lane: String(laneNo) });
  const close = () => setParams({});
  const { t } = useTranslation('judge');

  return (
    <div className="mx-auto min-h-screen max-w-md bg-slate-50 px-4 pb-10 pt-3">
      <header className="mb-2">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-xl font-bold text-slate-900">
            {t('screen.title')}
            {data ? ` · ${data.label}` : ''}
          </h1>
          <LanguageSwitch />
        </div>
        {data && (
          <p className="text-sm text-slate-600">
            {data.eventName} · {data.workoutName}
          </p>
        )}
      </header>
      <ScoreQueueStatus scores={queue.scores} sent={queue.sent} />
      {linkEnded && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800">
          {LINK_ENDED}
        </p>
      )}
      {queue.storeError && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800">
          {t('screen.cannotKeep', { error: queue.storeError })}
        </p>
      )}
      {!data && sheet.isError && !linkEnded && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800">
          {sheet.error.message}
        </p>
      )}
      {!data && sheet.isPending && <p className="text-slate-600">{t('link.loading')}</p>}

      {data && heat && lane && !linkEnded ? (
        <JudgeLinkEntry
          key={`${heat.id}:${lane.lane}`}
          sheet={data}
          heat={heat}
          lane={lane}
          known={knownValue(queue.scores, heat.id, lane.lane, lane.resultText)}
          onSave={(text, input) =>
            queue.enqueue({
              clientId: input.clientId, seq: Date.now(), linkKey, token, heatId: heat.id, heatNumber: heat.number, lane: lane.lane,
              teamName: laneNames(lane).title, text, input, state: 'queued',
            })
          }
          onBack={close}
        />
      ) : (
        data?.heats.map((h) => (
          <section key={h.id} aria-label={t('link.heat', { number: h.number })} className="mb-4">
            <h2 className="mb-2 text-lg font-semibold text-slate-800">
              {t('link.heat', { number: h.number })} · <HeatTime start={h.startTime} planned={h.plannedStartTime} />
            </h2>
            <nav aria-label={t('link.heatLanes', { number: h.number })} className="grid gap-2">
              {h.lanes.map((l) => {
                const mark = laneMark(queue.scores, h.id, l.lane, l.resultText !== '', l.resultText);
                return (
                  <button
                    key={l.lane}
                    type="button"
                    disabled={linkEnded}
                    onClick={() => open(h.id, l.lane)}
                    className={cn('flex min-h-16 items-center gap-3 rounded-xl border-2 bg-white px-4 text-left', markBorder[mark.tone])}
                  >
                    <span className="text-2xl font-bold tabular-nums text-slate-500">{l.lane}</span>
                    <span className="flex-1 text-lg font-semibold">
                      <LaneTeamName lane={l} rosterClassName="text-slate-600" />
                    </span>
                    <LaneMarkText mark={mark} />
                  </button>
                );
              })}
              {h.lanes.length === 0 && <p className="text-slate-600">{t('link.noTeams')}</p>}
            </nav>
          </section>
        ))
      )}
      {data?.heats.length === 0 && <p className="text-slate-600">{t('link.noHeats')}</p>}
      <ScoreQueuePanel scores={queue.scores} sheet={data} onKeepMine={(s, t) => void queue.keepMine(s, t)} onDismiss={(s) => void queue.dismiss(s)} />
    </div>
  );
}
