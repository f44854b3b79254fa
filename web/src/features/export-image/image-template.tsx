import type { CSSProperties } from 'react';
import {
  athleteList,
  entriesFor,
  FOOTER_LINE,
  FORMATS,
  medalColor,
  SCHEMES,
  todayText,
  type ExportEntry,
  type ExportImageProps,
  type FormatId,
  type SchemeId,
  type TemplateId,
} from './rules';

type Props = { data: ExportImageProps; template: TemplateId; format: FormatId; scheme: SchemeId; siteHost: string };

const points = (p: number | null) => (p === null ? '—' : Number.isInteger(p) ? String(p) : (Math.round(p * 100) / 100).toString());

function RankCircle({ rank, size }: { rank: number | null; size: number }) {
  const medal = medalColor(rank);
  return (
    <div
      style={{
        width: size,
        height: size,
        borderRadius: size,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 800,
        fontSize: size * 0.45,
        background: medal ?? 'rgba(255,255,255,0.15)',
        color: medal ? '#1f2937' : '#ffffff',
      }}
    >
      {rank ?? '?'}
    </div>
  );
}

function Podium({ entries, s, tall }: { entries: ExportEntry[]; s: (typeof SCHEMES)[SchemeId]; tall: boolean }) {
  const order = [entries[1], entries[0], entries[2]];
  const heights = tall ? [420, 560, 340] : [260, 360, 200];
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'center', gap: 24, width: '100%' }}>
      {order.map((e, i) => {
        if (!e) return <div key={i} style={{ width: 300 }} />;
        const medal = medalColor(e.rank) ?? '#94a3b8';
        const names = athleteList(e.athletes).slice(0, 2).join(' • ');
        return (
          <div key={i} style={{ width: 300, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 14 }}>
            <div style={{ fontSize: 40, fontWeight: 800, textAlign: 'center', lineHeight: 1.1, color: s.text, overflowWrap: 'anywhere' }}>{e.teamName}</div>
            {names && <div style={{ fontSize: 24, color: s.muted, textAlign: 'center' }}>{names}</div>}
            <div style={{ fontSize: 30, fontWeight: 700, color: medal }}>{points(e.totalPoints)} pts</div>
            <div
              style={{
                width: '100%',
                height: heights[i],
                borderRadius: '18px 18px 0 0',
                background: `linear-gradient(180deg, ${medal} 0%, ${medal}99 100%)`,
                display: 'flex',
                justifyContent: 'center',
                paddingTop: 24,
                fontSize: 110,
                fontWeight: 900,
                color: '#1f2937',
              }}
            >
              {e.rank ?? '?'}
            </div>
          </div>
        );
      })}
    </div>
  );
}

function Rows({ entries, s, withResult, rowHeight }: { entries: ExportEntry[]; s: (typeof SCHEMES)[SchemeId]; withResult: boolean; rowHeight: number }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 14, width: '100%' }}>
      {entries.map((e, i) => {
        const names = athleteList(e.athletes).slice(0, 2).join(' • ');
        const medal = medalColor(e.rank);
        return (
          <div
            key={i}
            style={{
              height: rowHeight,
              display: 'flex',
              alignItems: 'center',
              gap: 28,
              padding: '0 32px',
              borderRadius: 20,
              background: s.panel,
              borderLeft: `10px solid ${medal ?? 'transparent'}`,
            }}
          >
            <RankCircle rank={e.rank} size={Math.min(76, rowHeight - 20)} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ fontSize: 38, fontWeight: 800, color: s.text, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{e.teamName}</div>
              {names && <div style={{ fontSize: 24, color: s.muted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{names}</div>}
            </div>
            {withResult && e.result && <div style={{ fontSize: 38, fontWeight: 800, color: s.accent, fontFamily: 'ui-monospace, monospace' }}>{e.result}</div>}
            <div style={{ textAlign: 'right', minWidth: 130 }}>
              <div style={{ fontSize: 42, fontWeight: 900, color: s.text }}>{points(e.totalPoints)}</div>
              <div style={{ fontSize: 20, letterSpacing: 2, color: s.muted }}>PTS</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}

function TeamHighlight({ team, s, divisionName }: { team: ExportEntry; s: (typeof SCHEMES)[SchemeId]; divisionName: string }) {
  const names = athleteList(team.athletes);
  const medal = medalColor(team.rank);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 30, textAlign: 'center', width: '100%' }}>
      <div style={{ fontSize: 30, letterSpacing: 6, color: s.accent, fontWeight: 700 }}>TEAM HIGHLIGHT</div>
      <div style={{ fontSize: 96, fontWeight: 900, lineHeight: 1.05, color: s.text, overflowWrap: 'anywhere' }}>{team.teamName}</div>
      {names.length > 0 && <div style={{ fontSize: 36, color: s.muted }}>{names.join(' • ')}</div>}
      <div style={{ display: 'flex', gap: 30, marginTop: 20 }}>
        <div style={{ padding: '28px 48px', borderRadius: 28, background: s.panel, border: `4px solid ${medal ?? 'rgba(255,255,255,0.2)'}` }}>
          <div style={{ fontSize: 26, color: s.muted, letterSpacing: 3 }}>RANK</div>
          <div style={{ fontSize: 110, fontWeight: 900, color: medal ?? s.text }}>{team.rank ? `#${team.rank}` : '—'}</div>
        </div>
        <div style={{ padding: '28px 48px', borderRadius: 28, background: s.panel }}>
          <div style={{ fontSize: 26, color: s.muted, letterSpacing: 3 }}>POINTS</div>
          <div style={{ fontSize: 110, fontWeight: 900, color: s.text }}>{points(team.totalPoints)}</div>
        </div>
      </div>
      {team.result && <div style={{ fontSize: 40, color: s.accent, fontWeight: 800 }}>{team.result}</div>}
      <div style={{ fontSize: 30, color: s.muted }}>{divisionName}</div>
    </div>
  );
}

/** The image itself, at its exact pixel size; inline styles only so the capture is faithful. */
export function ExportImageTemplate({ data, template, format, scheme, siteHost }: Props) {
  const f = FORMATS[format];
  const s = SCHEMES[scheme];
  const tall = format !== 'square';
  const list = entriesFor(template, format, data.entries);
  const title = template === 'podium' ? 'PODIUM' : template === 'leaderboard' ? 'LEADERBOARD' : template === 'workout' ? 'WORKOUT SPOTLIGHT' : 'RESULTS';
  const root: CSSProperties = {
    width: f.width,
    height: f.height,
    background: s.background,
    color: s.text,
    fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
    display: 'flex',
    flexDirection: 'column',
    padding: format === 'story' ? '140px 70px 120px' : '64px 70px 48px',
    boxSizing: 'border-box',
    overflow: 'hidden',
  };
  const available = f.height - (format === 'story' ? 260 : 112) - 330;
  const rowHeight = Math.max(80, Math.min(150, Math.floor(available / Math.max(list.length, 1)) - 14));
  return (
    <div style={root} data-testid="export-image-canvas">
      <div style={{ textAlign: 'center' }}>
        <div style={{ fontSize: 28, letterSpacing: 8, color: s.accent, fontWeight: 800 }}>{title}</div>
        <div style={{ fontSize: 60, fontWeight: 900, lineHeight: 1.1, marginTop: 12, overflowWrap: 'anywhere' }}>{data.eventName}</div>
        <div style={{ fontSize: 34, color: s.muted, marginTop: 10 }}>
          {data.divisionName}
          {data.workoutName ? ` • ${data.workoutName}` : ''}
        </div>
      </div>
      <div style={{ flex: 1, display: 'flex', alignItems: template === 'podium' ? 'flex-end' : 'center', justifyContent: 'center', marginTop: 36, marginBottom: 36 }}>
        {template === 'podium' && <Podium entries={list} s={s} tall={tall} />}
        {(template === 'leaderboard' || template === 'workout') && <Rows entries={list} s={s} withResult={template === 'workout'} rowHeight={rowHeight} />}
        {template === 'team' && data.team && <TeamHighlight team={data.team} s={s} divisionName={data.divisionName} />}
      </div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          borderTop: '2px solid rgba(255,255,255,0.2)',
          paddingTop: 24,
          fontSize: 26,
          color: s.muted,
        }}
      >
        <span>
          {FOOTER_LINE} • {siteHost}
        </span>
        <span>{todayText()}</span>
      </div>
    </div>
  );
}
