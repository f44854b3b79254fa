import { cn } from './cn';

export function ProgressBar({ value, total, color = 'blue', label }: { value: number; total: number; color?: 'blue' | 'green'; label?: string }) {
  const percent = total > 0 ? Math.round((value / total) * 100) : 0;
  return (
    <div
      className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className={cn('h-full rounded-full', color === 'green' ? 'bg-green-500' : 'bg-blue-500')} style={{ width: `${percent}%` }} />
    </div>
  );
}
