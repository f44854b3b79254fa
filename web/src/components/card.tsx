import type { ReactNode } from 'react';
import { cn } from './cn';

type CardProps = {
  title?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
};

export function Card({ title, actions, className, children }: CardProps) {
  return (
    <section className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)}>
      {(title || actions) && (
        <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          {title && <h2 className="text-base font-semibold text-slate-800">{title}</h2>}
          {actions && <div className="flex items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className="p-4">{children}</div>
    </section>
  );
}
