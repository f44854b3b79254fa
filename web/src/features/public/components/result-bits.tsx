import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { cn } from '@/components/cn';
import { medal, resultDisplay, statusIcon, statusLabel } from '../rules/display';
import { movementLabel, movementMark, type Movement } from '../rules/ranks';

/** Status badge (✅ ⏳ ❌ ⚪ ⚠️). */
export function StatusIcon({ status, className }: { status: string; className?: string }) {
  useTranslation();
  return (
    <span role="img" aria-label={statusLabel(status)} title={statusLabel(status)} className={cn('text-sm leading-none', className)}>
      {statusIcon(status)}
    </span>
  );
}

const badgeColors = { capped: 'orange', dnf: 'red', dns: 'gray', dq: 'red' } as const;

/** A result as the leaderboards show it: the server's text, as a CAP / DNF / DNS / DQ badge, or a dash. */
export function ResultValue({ status, result, className }: { status: string; result: string; className?: string }) {
  const d = resultDisplay({ status, result });
  if (d.kind === 'value') return <span className={cn('font-mono font-semibold tabular-nums', className)}>{d.text}</span>;
  if (d.kind === 'badge')
    return (
      <span className={cn('inline-flex items-center', className)}>
        <Badge color={badgeColors[d.status]}>{d.text}</Badge>
      </span>
    );
  return <span className={cn('text-slate-400', className)}>—</span>;
}

/** Rank with medals for 1–3; a withdrawn team (the server's word) shows 'Withdrawn'; another missing rank '?' and 'Unranked'. */
export function RankMark({ rank, size = 'md', withdrawn = false }: { rank: number | null | undefined; size?: 'sm' | 'md'; withdrawn?: boolean }) {
  const { t } = useTranslation();
  if (withdrawn)
    return (
      <span className="inline-flex flex-col items-center leading-tight text-slate-500">
        <span className={size === 'md' ? 'text-lg font-bold' : 'text-sm font-bold'} aria-hidden="true">
          –
        </span>
        <span className="text-[10px] uppercase tracking-wide">{t('rank.withdrawn')}</span>
      </span>
    );
  if (rank === null || rank === undefined)
    return (
      <span className="inline-flex flex-col items-center leading-tight text-slate-500" title={t('rank.unranked')}>
        <span className={size === 'md' ? 'text-lg font-bold' : 'text-sm font-bold'}>?</span>
        <span className="text-[10px] uppercase tracking-wide">{t('rank.unranked')}</span>
      </span>
    );
  const m = medal(rank);
  return (
    <span className={cn('inline-flex items-center gap-1 font-bold tabular-nums', size === 'md' ? 'text-lg' : 'text-sm')}>
      {m && (
        <span role="img" aria-label={t('rank.medal', { rank })}>
          {m}
        </span>
      )}
      <span>{rank}</span>
    </span>
  );
}

/** ▲2 in green, ▼1 in red: places moved with the latest workout (the server's previous rank);
 * nothing when unchanged or unknown, so the eye finds the teams that moved. */
export function MovementMark({ movement, workoutName, className }: { movement: Movement; workoutName?: string; className?: string }) {
  useTranslation();
  const mark = movementMark(movement);
  if (!mark) return null;
  const label = movementLabel(movement, workoutName);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn('text-xs font-semibold tabular-nums', movement?.dir === 'up' ? 'text-green-700' : 'text-red-700', className)}
    >
      {mark}
    </span>
  );
}

/**
 * The marks of a result (docs/scoring.md): "Scaled" for a result done Scaled (placed below
 * every Rx one), and a penalty with its reason ("Penalty +0:30: no-rep"). `compact` shows the
 * penalty as a flag whose reason is its label, for the division board's narrow cells.
 * "Unreviewed": a submitted online score no judge has reviewed yet (docs/qualifiers.md).
 */
export function ResultMarks({
  scaled,
  penaltyText,
  unreviewed = false,
  compact = false,
}: {
  scaled: boolean;
  penaltyText: string;
  unreviewed?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (!scaled && !penaltyText && !unreviewed) return null;
  return (
    <span className="inline-flex flex-wrap items-center justify-center gap-1">
      {unreviewed && (
        <span title={t('marks.unreviewedTitle')}>
          <Badge color="yellow">{t('marks.unreviewed')}</Badge>
        </span>
      )}
      {scaled && (
        <span title={t('marks.scaledTitle')}>
          <Badge color="purple">{t('marks.scaled')}</Badge>
        </span>
      )}
      {penaltyText &&
        (compact ? (
          <span role="img" aria-label={t('marks.penalty', { penalty: penaltyText })} title={t('marks.penalty', { penalty: penaltyText })} className="text-xs text-red-700">
            ⚑
          </span>
        ) : (
          <span className="text-xs font-medium text-red-700">{t('marks.penalty', { penalty: penaltyText })}</span>
        ))}
    </span>
  );
}
