import type { CSSProperties } from 'react';
import { FitText } from './fit-text';
import {
  entriesFor,
  entryAthletes,
  entryName,
  entrantWord,
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

// Nothing may push the podium, the points or the footer off the image, and no name is ever cut:
// every box below has a bounded size, names are FitText (they shrink, then wrap, measured in the
// DOM before drawing), and the sizes of the rows follow the room that is left.

/** A font size that keeps a long name on at most two lines of `width` px (an estimate for the
 * room left to the body; FitText measures the real size). */
const fitFont = (text: string, max: number, min: number, width: number) => {
  const perLine = Math.max(1, Math.ceil(text.length / 2));
  return Math.round(Math.max(min, Math.min(max, (width / perLine) * 1.8)));
};

// A story's top 250 px and bottom 340 px lie under Instagram's own controls (profile, reply
// box): no text there. The other formats keep a plain margin.
const PADDING: Record<FormatId, [number, number]> = { square: [56, 44], portrait: [72, 56], story: [250, 340] };
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

/** A team's athletes under its name: a pair's two each on a line, a bigger team's on one line
 * that wraps (FitText shrinks it); nothing for an individual. */
const athleteLines = (names: string[]): string[] => (names.length > 2 ? [names.join(' • ')] : names);

function Podium({ entries, s, room, tall, teamSize }: { entries: ExportEntry[]; s: Scheme; room: number; tall: boolean; teamSize?: number }) {
  const order = [entries[1], entries[0], entries[2]];
  // Name (up to three lines), both athletes and points take about 280 px; the blocks share the rest.
  const tallest = Math.max(90, Math.min(tall ? 820 : 560, room - 280));
  const heights = [0.72, 1, 0.56].map((f) => Math.round(tallest * f));
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'center', gap: 24, width: '100%', height: '100%', minHeight: 0 }}>
      {order.map((e, i) => {
        if (!e) return <div key={i} style={{ width: 300 }} />;
        const medal = medalColor(e.rank) ?? '#94a3b8';
        const athletes = athleteLines(entryAthletes(e, teamSize));
        return (
          <div key={i} style={{ width: 300, minWidth: 0, maxHeight: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'flex-end', gap: 10 }}>
            <FitText text={entryName(e, teamSize)} max={tall ? 44 : 38} min={20} lines={3} style={{ width: '100%', fontWeight: 800, textAlign: 'center', color: s.text }} />
            {athletes.map((a) => (
              <FitText key={a} text={a} max={tall ? 26 : 22} min={13} lines={a.includes(' • ') ? 3 : 2} style={{ width: '100%', textAlign: 'center', color: s.muted }} />
            ))}
            <div data-export-text style={{ fontSize: 30, fontWeight: 700, color: medal, whiteSpace: 'nowrap' }}>{points(e.totalPoints)} pts</div>
            <div
              data-export-block
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

function Rows({ entries, s, withResult, room, tall, teamSize }: { entries: ExportEntry[]; s: Scheme; withResult: boolean; room: number; tall: boolean; teamSize?: number }) {
  const gap = entries.length > 6 ? 10 : tall ? 22 : 14;
  // A story's rows take its height: taller rows, larger names.
  const rowHeight = Math.min(tall ? 230 : 150, Math.floor((room - gap * (entries.length - 1)) / Math.max(entries.length, 1)));
  const nameFont = Math.max(22, Math.min(tall ? 52 : 38, Math.round(rowHeight * 0.4)));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap, width: '100%', height: '100%' }}>
      {entries.map((e, i) => {
        const athletes = entryAthletes(e, teamSize);
        const names = athletes.join(' • ');
        const medal = medalColor(e.rank);
        const athleteFont = Math.min(tall ? 32 : 24, Math.round(nameFont * 0.62));
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
            }}
          >
            <RankCircle rank={e.rank} size={Math.min(76, rowHeight - 14)} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <FitText text={entryName(e, teamSize)} max={nameFont} min={18} lines={1} style={{ fontWeight: 800, color: s.text }} />
              {names && <FitText text={names} max={athleteFont} min={12} lines={athletes.length > 2 ? 2 : 1} style={{ color: s.muted }} />}
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

function TeamHighlight({ team, s, divisionName, compact, tall, teamSize }: { team: ExportEntry; s: Scheme; divisionName: string; compact: boolean; tall: boolean; teamSize?: number }) {
  const names = entryAthletes(team, teamSize);
  const medal = medalColor(team.rank);
  const big = compact ? 72 : tall ? 128 : 110;
  const box: CSSProperties = { padding: compact ? '20px 40px' : '28px 48px', borderRadius: 28, background: s.panel, minWidth: 0 };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: compact ? 14 : tall ? 28 : 30, textAlign: 'center', width: '100%' }}>
      <div style={{ fontSize: tall ? 34 : 28, letterSpacing: 6, color: s.accent, fontWeight: 700 }}>{entrantWord(teamSize).toUpperCase()} HIGHLIGHT</div>
      <FitText text={entryName(team, teamSize)} max={compact ? 72 : tall ? 108 : 96} min={32} lines={2} style={{ width: '100%', fontWeight: 900, color: s.text }} />
      {/* Each athlete on a line of their own; a square has room for one line of them all. */}
      {(compact ? (names.length ? [names.join(' • ')] : []) : names).map((a) => (
        <FitText key={a} text={a} max={tall ? 44 : compact ? 30 : 34} min={16} lines={1} style={{ width: '100%', color: s.muted }} />
      ))}
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
      <FitText text={divisionName} max={tall ? 34 : 28} min={18} lines={2} style={{ width: '100%', color: s.muted }} />
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
  const tall = format === 'story';
  const eventFont = fitFont(data.eventName, tall ? 72 : 60, 36, f.width - 140);
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
        <FitText text={data.eventName} max={eventFont} min={30} lines={2} style={{ fontWeight: 900, marginTop: 10 }} />
        <FitText
          text={`${data.divisionName}${data.workoutName ? ` • ${data.workoutName}` : ''}`}
          max={tall ? 38 : 32}
          min={20}
          lines={1}
          lineHeight={1.25}
          style={{ color: s.muted, marginTop: 8 }}
        />
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
        {template === 'podium' && <Podium entries={list} s={s} room={room} tall={tall} teamSize={data.teamSize} />}
        {(template === 'leaderboard' || template === 'workout') && <Rows entries={list} s={s} withResult={template === 'workout'} room={room} tall={tall} teamSize={data.teamSize} />}
        {template === 'team' && data.team && <TeamHighlight team={data.team} s={s} divisionName={data.divisionName} compact={format === 'square'} tall={tall} teamSize={data.teamSize} />}
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
          lineHeight: 1.2,
          color: s.muted,
        }}
      >
        <FitText text={`${FOOTER_LINE} • ${siteHost}`} max={26} min={16} lines={1} style={{ flex: 1 }} />
        <span data-export-text style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {todayText()}
        </span>
      </div>
    </div>
  );
}
