import { i18n } from '@/lib/i18n/i18n';

export function LoadingPlaceholder({ rows = 4 }: { rows?: number }) {
  return (
    <div className="animate-pulse space-y-3" aria-busy="true" aria-label={i18n.t('ui.loading')}>
      <div className="h-6 w-1/3 rounded bg-slate-200" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-4 rounded bg-slate-200" />
      ))}
    </div>
  );
}
