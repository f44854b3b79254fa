import type { ReactNode } from 'react';
import { cn } from '@/components/cn';

/** One of a few options, as a group of radio cards (template, format). */
export function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: (v: T) => ReactNode;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{legend}</legend>
      {options.map((o) => (
        <label
          key={o}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
            o === value ? 'border-blue-500 bg-blue-50' : 'border-slate-200 hover:bg-slate-50',
          )}
        >
          <input type="radio" name={name} value={o} checked={o === value} onChange={() => onChange(o)} className="accent-blue-600" />
          {label(o)}
        </label>
      ))}
    </fieldset>
  );
}
