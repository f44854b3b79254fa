// The judge screen's big touch targets (docs/heats.md): thumb-sized, high contrast.
export const bigButton =
  'min-h-14 rounded-xl px-4 text-lg font-semibold focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300 disabled:opacity-50';

export const bigInput =
  'block w-full rounded-xl border-2 border-slate-300 px-4 py-2 text-center text-5xl font-bold tabular-nums focus:border-blue-600 focus:outline-none';
