import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

/** An embedded board's frame (docs/venue.md, "Embedding"): a title, the lost-connection mark,
 * the board, and a link to the full page on Podium (a new tab: the framing page stays). */
export function EmbedFrame({
  title,
  reconnecting,
  fullHref,
  fullLabel,
  children,
}: {
  title: string;
  reconnecting: boolean;
  fullHref: string;
  fullLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('site');
  return (
    <div className="min-h-screen bg-white p-3 text-slate-900">
      <header className="mb-2 flex items-baseline justify-between gap-2">
        <h1 className="min-w-0 break-words text-lg font-bold">{title}</h1>
        {reconnecting && <span className="shrink-0 text-xs text-amber-700">{t('updated.connectionLost')}</span>}
      </header>
      {children}
      <p className="mt-2 text-right text-xs">
        <a href={fullHref} target="_blank" rel="noopener" className="text-blue-700 underline">
          {fullLabel}
        </a>
      </p>
    </div>
  );
}

/** What an embedded board shows before its first answer, or when there is none. */
export function EmbedNote({ text }: { text: string }) {
  return <p className="p-4 text-sm text-slate-500">{text}</p>;
}
