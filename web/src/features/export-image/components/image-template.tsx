import type { CSSProperties } from 'react';
import {
  athleteList,
  entriesFor,
  FOOTER_LINE,
  FORMATS,
  medalColor,
  SCHEMES,
  todayText,
  UNOFFICIAL_MARK,
  type ExportEntry,
  type ExportImageProps,
  type FormatId,
  type SchemeId,
  type TemplateId,
} from '../rules/export-image';

type Props = { data: ExportImageProps; template: TemplateId; format: FormatId; scheme: SchemeId; siteHost: string };
type Scheme = (typeof SCHEMES)[SchemeId];

const points = (p: number | null) => (p === null ? '—' : Number.isInteger(p) ? String(p) : (Math.round(p * 100) / 100).toString());

// Nothing may push the podium, the points or the footer off the image: every
// box below has a bounded size, long text is cut with an ellipsis (one line) or after two lines,
// and the sizes of the rows follow the room that is left.
const oneLine: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 };
const twoLines: CSSProperties = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' };

/** A font size that keeps a long name on at most two lines of `width` px. */
const fitFont = (text: string, max: number, min: number, width: number) => {
  const perLine = Math.max(1, Math.ceil(text.length / 2));
  return Math.round(Math.max(min, Math.min(max, (width / perLine) * 1.8)));
};

const PADDING: Record<FormatId, [number, number]> = { square: [56, 44], portrait: [72, 56], story: [140, 120] };
const CONTENT_MARGIN = 28;
const FOOTER_HEIGHT = 58;

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
      {rank ?? '–'}
    </div>
  );
}

function Podium({ entries, s, room }: { entries: ExportEntry[]; s: Scheme; room: number }) {
  const order = [entries[1], entries[0], entries[2]];
  // Name (two lines), athletes and points take about 190 px; the blocks share the rest.
  const tallest = Math.max(90, Math.min(560, room - 190));
  const heights = [0.72, 1, 0.56].map((f) => Math.round(tallest * f));
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'center', gap: 24, width: '100%', height: '100%', minHeight: 0 }}>
      {order.map((e, i) => {
        if (!e) return <div key={i} style={{ width: 300 }} />;
        const medal = medalColor(e.rank) ?? '#94a3b8';
        const names = athleteList(e.athletes).slice(0, 2).join(' • ');
        return (
          <div key={i} style={{ width: 300, minWidth: 0, maxHeight: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'flex-end', gap: 10 }}>
            <div data-export-text style={{ ...twoLines, fontSize: fitFont(e.teamName, 38, 24, 300), fontWeight: 800, textAlign: 'center', lineHeight: 1.1, color: s.text, maxWidth: '100%' }}>
              {e.teamName}
            </div>
            {names && <div data-export-text style={{ ...oneLine, fontSize: 22, color: s.muted, maxWidth: '100%' }}>{names}</div>}
            <div data-export-text style={{ fontSize: 30, fontWeight: 700, color: medal, whiteSpace: 'nowrap' }}>{points(e.totalPoints)} pts</div>
            <div
              style={{
                width: '100%',
                height: heights[i],
                flexShrink: 1,
                minHeight: 60,
                borderRadius: '18px 18px 0 0',
                background: `linear-gradient(180deg, ${medal} 0%, ${medal}99 100%)`,
                display: 'flex',
                justifyContent: 'center',
                paddingTop: 16,
                boxSizing: 'border-box',
                fontSize: Math.min(110, Math.round(heights[i]! * 0.6)),
                lineHeight: 1,
                fontWeight: 900,
                color: '#1f2937',
                overflow: 'hidden',
              }}
            >
              {e.rank ?? '–'}
            </div>
          </div>
        );
      })}
    </div>
  );
}

function Rows({ entries, s, withResult, room }: { entries: ExportEntry[]; s: Scheme; withResult: boolean; room: number }) {
  const gap = entries.length > 6 ? 10 : 14;
  const rowHeight = Math.min(150, Math.floor((room - gap * (entries.length - 1)) / Math.max(entries.length, 1)));
  const nameFont = Math.max(22, Math.min(38, Math.round(rowHeight * 0.4)));
  const showAthletes = rowHeight >= 78;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap, width: '100%', height: '100%' }}>
      {entries.map((e, i) => {
        const names = athleteList(e.athletes).slice(0, 2).join(' • ');
        const medal = medalColor(e.rank);
        return (
          <div
            key={i}
            data-export-row
            style={{
              flex: '1 1 0',
              minHeight: 0,
              maxHeight: rowHeight,
              boxSizing: 'border-box',
              display: 'flex',
              alignItems: 'center',
              gap: 24,
              padding: '0 28px',
              borderRadius: 18,
              background: s.panel,
              borderLeft: `10px solid ${medal ?? 'transparent'}`,
              overflow: 'hidden',
            }}
          >
            <RankCircle rank={e.rank} size={Math.min(76, rowHeight - 14)} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <div data-export-text style={{ ...oneLine, fontSize: nameFont, fontWeight: 800, color: s.text, lineHeight: 1.15 }}>
                {e.teamName}
              </div>
              {names && showAthletes && (
                <div data-export-text style={{ ...oneLine, fontSize: Math.min(24, Math.round(nameFont * 0.62)), color: s.muted }}>
                  {names}
                </div>
              )}
            </div>
            {withResult && e.result && (
              <div data-export-text style={{ flexShrink: 0, fontSize: nameFont, fontWeight: 800, color: s.accent, fontFamily: 'ui-monospace, monospace', whiteSpace: 'nowrap' }}>
                {e.result}
              </div>
            )}
            <div style={{ textAlign: 'right', minWidth: 110, flexShrink: 0 }}>
              <div data-export-text style={{ fontSize: Math.min(42, nameFont + 4), fontWeight: 900, color: s.text, lineHeight: 1.1, whiteSpace: 'nowrap' }}>
                {points(e.totalPoints)}
              </div>
              <div style={{ fontSize: 18, letterSpacing: 2, color: s.muted }}>PTS</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}

function TeamHighlight({ team, s, divisionName, compact }: { team: ExportEntry; s: Scheme; divisionName: string; compact: boolean }) {
  const names = athleteList(team.athletes);
  const medal = medalColor(team.rank);
  const big = compact ? 84 : 110;
  const box: CSSProperties = { padding: compact ? '20px 40px' : '28px 48px', borderRadius: 28, background: s.panel, minWidth: 0 };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: compact ? 20 : 30, textAlign: 'center', width: '100%' }}>
      <div style={{ fontSize: 28, letterSpacing: 6, color: s.accent, fontWeight: 700 }}>TEAM HIGHLIGHT</div>
      <div data-export-text style={{ ...twoLines, fontSize: fitFont(team.teamName, compact ? 80 : 96, 40, 940), fontWeight: 900, lineHeight: 1.05, color: s.text, maxWidth: '100%' }}>
        {team.teamName}
      </div>
      {names.length > 0 && <div data-export-text style={{ ...oneLine, fontSize: 34, color: s.muted, maxWidth: '100%' }}>{names.join(' • ')}</div>}
      <div style={{ display: 'flex', gap: 30, marginTop: compact ? 0 : 20, maxWidth: '100%' }}>
        <div style={{ ...box, border: `4px solid ${medal ?? 'rgba(255,255,255,0.2)'}` }}>
          <div style={{ fontSize: 24, color: s.muted, letterSpacing: 3 }}>RANK</div>
          <div data-export-text style={{ fontSize: big, fontWeight: 900, color: medal ?? s.text, whiteSpace: 'nowrap' }}>{team.rank ? `#${team.rank}` : '—'}</div>
        </div>
        <div style={box}>
          <div style={{ fontSize: 24, color: s.muted, letterSpacing: 3 }}>POINTS</div>
          <div data-export-text style={{ fontSize: big, fontWeight: 900, color: s.text, whiteSpace: 'nowrap' }}>{points(team.totalPoints)}</div>
        </div>
      </div>
      {team.result && <div data-export-text style={{ fontSize: 38, color: s.accent, fontWeight: 800, whiteSpace: 'nowrap' }}>{team.result}</div>}
      <div data-export-text style={{ ...oneLine, fontSize: 28, color: s.muted, maxWidth: '100%' }}>{divisionName}</div>
    </div>
  );
}

const TITLES: Record<TemplateId, string> = { podium: 'PODIUM', leaderboard: 'LEADERBOARD', workout: 'WORKOUT SPOTLIGHT', team: 'RESULTS' };

/** The image itself, at its exact pixel size; inline styles only so the capture is faithful. */
export function ExportImageTemplate({ data, template, format, scheme, siteHost }: Props) {
  const f = FORMATS[format];
  const s = SCHEMES[scheme];
  const [padTop, padBottom] = PADDING[format];
  const list = entriesFor(template, format, data.entries);
  const title = template === 'leaderboard' && !data.workoutName ? 'OVERALL STANDINGS' : TITLES[template];
  const eventFont = fitFont(data.eventName, 60, 36, f.width - 140);
  // Estimated on the generous side (two lines of event name unless it is short), so the fonts
  // chosen from `room` fit; the boxes themselves are bounded by the layout whatever the estimate.
  const eventLines = data.eventName.length * eventFont * 0.6 > f.width - 140 ? 2 : 1;
  const headerHeight = 34 + 10 + eventLines * eventFont * 1.15 + 8 + 44 + (data.unofficial ? 62 : 0) + 16;
  // The room the template's body has, from which rows and podium blocks take their sizes.
  const room = f.height - padTop - padBottom - headerHeight - FOOTER_HEIGHT - 2 * CONTENT_MARGIN;
  const root: CSSProperties = {
    width: f.width,
    height: f.height,
    background: s.background,
    color: s.text,
    fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
    display: 'flex',
    flexDirection: 'column',
    padding: `${padTop}px 70px ${padBottom}px`,
    boxSizing: 'border-box',
    overflow: 'hidden',
  };
  return (
    <div style={root} data-testid="export-image-canvas">
      <div style={{ textAlign: 'center', flexShrink: 0 }} data-export-header>
        <div style={{ fontSize: 28, letterSpacing: 8, color: s.accent, fontWeight: 800 }}>{title}</div>
        {data.unofficial && (
          <div
            data-export-text
            style={{ display: 'inline-block', marginTop: 12, padding: '6px 22px', borderRadius: 999, background: '#f59e0b', color: '#1f2937', fontSize: 26, fontWeight: 900, letterSpacing: 3 }}
          >
            {UNOFFICIAL_MARK}
          </div>
        )}
        <div data-export-text style={{ ...twoLines, fontSize: eventFont, fontWeight: 900, lineHeight: 1.1, marginTop: 10 }}>
          {data.eventName}
        </div>
        <div data-export-text style={{ ...oneLine, fontSize: 32, color: s.muted, marginTop: 8 }}>
          {data.divisionName}
          {data.workoutName ? ` • ${data.workoutName}` : ''}
        </div>
      </div>
      <div
        data-export-body
        style={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          alignItems: template === 'podium' ? 'flex-end' : 'center',
          justifyContent: 'center',
          margin: `${CONTENT_MARGIN}px 0`,
          overflow: 'hidden',
        }}
      >
        {template === 'podium' && <Podium entries={list} s={s} room={room} />}
        {(template === 'leaderboard' || template === 'workout') && <Rows entries={list} s={s} withResult={template === 'workout'} room={room} />}
        {template === 'team' && data.team && <TeamHighlight team={data.team} s={s} divisionName={data.divisionName} compact={format === 'square'} />}
      </div>
      <div
        data-export-footer
        style={{
          flexShrink: 0,
          height: FOOTER_HEIGHT,
          boxSizing: 'border-box',
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 24,
          borderTop: '2px solid rgba(255,255,255,0.2)',
          paddingTop: 20,
          fontSize: 26,
          color: s.muted,
        }}
      >
        <span data-export-text style={oneLine}>
          {FOOTER_LINE} • {siteHost}
        </span>
        <span data-export-text style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {todayText()}
        </span>
      </div>
    </div>
  );
}
