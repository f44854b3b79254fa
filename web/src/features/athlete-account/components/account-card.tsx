import type { ReactNode } from 'react';

/** The athlete pages' frame: one card, a phone's width at most, centred on larger screens. */
export function AccountCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A success note in words (role=status, so screen readers announce it). */
export function Done({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      {children}
    </div>
  );
}
