// Image export rules.
import { isoDay } from '@/lib/download';
export type ExportEntry = {
  rank: number | null;
  teamName: string;
  totalPoints: number | null;
  /** The workout result's display text (Workout Spotlight), if any. */
  result?: string | null;
  athletes?: readonly string[] | string | null;
};

export type ExportImageProps = {
  /** The event whose public page the caption links to. */
  eventId: string;
  eventName: string;
  divisionName: string;
  /** The workout shown; none for the division's overall standings. */
  workoutName?: string | null;
  entries: readonly ExportEntry[];
  /** The team of the Team Highlight (one of the entries, chosen in the export panel). */
  team?: ExportEntry | null;
  /** The server answered with unpublished results: the image is marked UNOFFICIAL_MARK. */
  unofficial?: boolean;
  /** The division's athletes per team (docs/rosters.md); 1: the entries are athletes, as the boards say. */
  teamSize?: number;
};

/** On every image made with drafts included (exports show what the public sees). */
export const UNOFFICIAL_MARK = 'UNOFFICIAL · INCLUDES UNPUBLISHED RESULTS';

export type FormatId = 'square' | 'portrait' | 'story';
export const FORMATS: Record<FormatId, { label: string; ratio: string; width: number; height: number }> = {
  square: { label: 'Square Feed', ratio: '1:1', width: 1080, height: 1080 },
  portrait: { label: 'Portrait', ratio: '4:5', width: 1080, height: 1350 },
  story: { label: 'Instagram Story', ratio: '9:16', width: 1080, height: 1920 },
};
export const FORMAT_IDS = Object.keys(FORMATS) as FormatId[];

export type TemplateId = 'podium' | 'leaderboard' | 'workout' | 'team';
export const TEMPLATES: Record<TemplateId, { label: string; description: string }> = {
  podium: { label: 'Top 3 Podium', description: 'The three best teams on a podium' },
  leaderboard: { label: 'Full Leaderboard', description: 'Top 8 teams (top 5 on a story)' },
  workout: { label: 'Workout Spotlight', description: 'The best results of this workout' },
  team: { label: 'Team Highlight', description: 'One team’s standing' },
};

export const PODIUM_MIN_ENTRIES = 3;
export const LEADERBOARD_LIMIT = 8;
export const LEADERBOARD_STORY_LIMIT = 5;
export const SPOTLIGHT_LIMIT = 5;
export const JPEG_QUALITY = 0.92;
export const COPIED_MS = 2000;

export type SchemeId = 'default' | 'blue' | 'green' | 'red';
export const MEDAL_COLORS = { gold: '#FFD700', silver: '#C0C0C0', bronze: '#CD7F32' } as const;
export const SCHEMES: Record<SchemeId, { label: string; background: string; accent: string; text: string; muted: string; panel: string }> = {
  default: { label: 'Default', background: 'linear-gradient(160deg, #0f172a 0%, #312e81 100%)', accent: '#a78bfa', text: '#ffffff', muted: '#cbd5e1', panel: 'rgba(255,255,255,0.08)' },
  blue: { label: 'Blue', background: 'linear-gradient(160deg, #0c1e4a 0%, #1d4ed8 100%)', accent: '#60a5fa', text: '#ffffff', muted: '#bfdbfe', panel: 'rgba(255,255,255,0.10)' },
  green: { label: 'Green', background: 'linear-gradient(160deg, #052e16 0%, #15803d 100%)', accent: '#4ade80', text: '#ffffff', muted: '#bbf7d0', panel: 'rgba(255,255,255,0.10)' },
  red: { label: 'Red', background: 'linear-gradient(160deg, #450a0a 0%, #b91c1c 100%)', accent: '#f87171', text: '#ffffff', muted: '#fecaca', panel: 'rgba(255,255,255,0.10)' },
};
export const SCHEME_IDS = Object.keys(SCHEMES) as SchemeId[];

export const HASHTAGS = '#Podium #FitnessCompetition #TeamWorkout #Leaderboard';
export const FOOTER_LINE = 'Live results on Podium';

export const medalColor = (rank: number | null): string | null =>
  rank === 1 ? MEDAL_COLORS.gold : rank === 2 ? MEDAL_COLORS.silver : rank === 3 ? MEDAL_COLORS.bronze : null;

/** Entries in rank order (unranked last), keeping the given order among equals. */
export function rankedEntries(entries: readonly ExportEntry[]): ExportEntry[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.rank ?? Infinity) - (b.e.rank ?? Infinity) || a.i - b.i)
    .map(({ e }) => e);
}

/** Templates on offer: podium needs ≥ 3 entries, spotlight a workout, highlight a team (any entry). */
export function availableTemplates(p: Pick<ExportImageProps, 'entries' | 'workoutName'>): TemplateId[] {
  const out: TemplateId[] = [];
  if (p.entries.length >= PODIUM_MIN_ENTRIES) out.push('podium');
  if (p.entries.length > 0) out.push('leaderboard');
  if (p.workoutName && p.entries.length > 0) out.push('workout');
  if (p.entries.length > 0) out.push('team');
  return out;
}

export const hasExportData = (p: Pick<ExportImageProps, 'entries'>): boolean => p.entries.length > 0;

/** The entries a template shows in a format. */
export function entriesFor(template: TemplateId, format: FormatId, entries: readonly ExportEntry[]): ExportEntry[] {
  const ranked = rankedEntries(entries);
  switch (template) {
    case 'podium':
      return ranked.slice(0, 3);
    case 'leaderboard':
      return ranked.slice(0, format === 'story' ? LEADERBOARD_STORY_LIMIT : LEADERBOARD_LIMIT);
    case 'workout':
      return ranked.slice(0, SPOTLIGHT_LIMIT);
    default:
      return [];
  }
}

export const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'podium';

/** What the image holds and the day it was made, e.g.
 * "summer-throwdown-rx-grace-top-3-podium-square-feed-2026-11-25.jpg"; "-unofficial" when drafts are in it. */
export const fileName = (p: Omit<ExportImageProps, 'team'>, template: TemplateId, format: FormatId, made = new Date()): string =>
  [p.eventName, p.divisionName, p.workoutName ?? '', TEMPLATES[template].label, FORMATS[format].label, p.unofficial ? 'unofficial' : '']
    .filter((part) => part.trim() !== '')
    .map(slug)
    .concat(isoDay(made))
    .join('-') + '.jpg';

/** The caption's link: the event's own public page (its tabs lead to every board). */
export const eventPageUrl = (origin: string, eventId: string): string => `${origin}/public/events/${encodeURIComponent(eventId)}`;

export const athleteList = (a: ExportEntry['athletes']): string[] =>
  (Array.isArray(a) ? a : typeof a === 'string' ? a.split(/\s*[•,&]\s*/) : []).map((s) => s.trim()).filter(Boolean);

/** An individual division's entries are athletes (the boards say "Athlete", not "Team"). */
export const isIndividual = (teamSize: number | undefined): boolean => teamSize === 1;

/** The name an entry goes by: an individual's athlete, else the team's name. */
export const entryName = (e: ExportEntry, teamSize: number | undefined): string =>
  (isIndividual(teamSize) && athleteList(e.athletes)[0]) || e.teamName;

/** The athletes named under an entry: a team's starting athletes in roster order; none for an
 * individual, whose name is the athlete's. */
export const entryAthletes = (e: ExportEntry, teamSize: number | undefined): string[] => (isIndividual(teamSize) ? [] : athleteList(e.athletes));

/** What one entry is called on the image: "ATHLETE" for individuals, else "TEAM". */
export const entrantWord = (teamSize: number | undefined): string => (isIndividual(teamSize) ? 'Athlete' : 'Team');

const fmtPoints = (p: number | null) => (p === null ? '' : ` — ${Number.isInteger(p) ? p : Math.round(p * 100) / 100} pts`);
const medalEmoji = ['🥇', '🥈', '🥉'];

/** The suggested caption; it always ends with the hashtags and the site link. */
export function suggestedCaption(p: ExportImageProps, template: TemplateId, siteUrl: string, format: FormatId = 'square'): string {
  const where = `${p.divisionName} at ${p.eventName}`;
  const lines: string[] = p.unofficial ? ['⚠️ Unofficial: includes results not yet published.', ''] : [];
  const list = entriesFor(template, format, p.entries);
  const line = (e: ExportEntry, i: number, withResult = false) =>
    `${medalEmoji[(e.rank ?? 99) - 1] ?? `${e.rank ?? i + 1}.`} ${entryName(e, p.teamSize)}${withResult && e.result ? ` (${e.result})` : ''}${fmtPoints(e.totalPoints)}`;
  switch (template) {
    case 'podium':
      lines.push(`🏆 The podium of ${where}!`, '', ...list.map((e, i) => line(e, i)), '', 'Congratulations to every athlete! 💪');
      break;
    case 'leaderboard':
      lines.push(`📊 ${p.workoutName ? 'Leaderboard' : 'Overall standings'}: ${where}`, '', ...list.map((e, i) => line(e, i)));
      break;
    case 'workout':
      lines.push(`🔥 ${p.workoutName ?? 'Workout'} — top results in ${where}`, '', ...list.map((e, i) => line(e, i, true)));
      break;
    case 'team': {
      const t = p.team;
      const names = t ? entryAthletes(t, p.teamSize).join(' & ') : '';
      lines.push(
        `⭐ Shout-out to ${t ? entryName(t, p.teamSize) : 'our team'}${names ? ` (${names})` : ''}!`,
        t?.rank ? `Currently #${t.rank} in ${where}${fmtPoints(t.totalPoints)}.` : `Competing in ${where}.`,
      );
      break;
    }
  }
  lines.push('', HASHTAGS, `Follow the live results: ${siteUrl}`);
  return lines.join('\n');
}

export const todayText = (now: Date = new Date()): string =>
  now.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
