import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Badge } from '@/components/badge';
import { Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { Button, ButtonLink } from '@/components/button';
import { cn } from '@/components/cn';
import { Spinner } from '@/components/spinner';
import { useNow } from '../hooks/use-live-refresh';
import { eventStatusColor, eventStatusLabel, lastUpdatedText } from '../rules/display';
import { previewQuery } from './admin-preview';

export function EventStatusBadge({ status }: { status: string }) {
  useTranslation();
  return <Badge color={eventStatusColor(status)}>{eventStatusLabel(status)}</Badge>;
}

export const reloadPage = () => window.location.reload();

/** First-load failure: the message and Try Again (full page reload), optionally Back to Events. */
export function PageError({ message, backToEvents, retry = true }: { message: string; backToEvents?: boolean; retry?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-800">
      <p className="font-medium">{message}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {retry && (
          <Button variant="secondary" onClick={reloadPage}>
            {t('page.tryAgain')}
          </Button>
        )}
        {backToEvents && (
          <ButtonLink to="/public/events" variant="secondary">
            {t('page.backToEvents')}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}

export function PageNotice({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">
      <p className="font-medium">{message}</p>
      {children && <div className="mt-4 flex justify-center gap-2">{children}</div>}
    </div>
  );
}

/**
 * A page whose subject does not exist: where the visitor is (breadcrumbs), the message, Back
 * (the previous page of this visit, else `backTo`) and the screen's own way on (`children`).
 */
export function NotFoundPage({ message, crumbs, backTo, children }: { message: string; crumbs: Crumb[]; backTo: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // react-router keeps the position in this visit's history as `idx`.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <div>
      <Breadcrumbs items={crumbs} />
      <PageNotice message={message}>
        <Button variant="secondary" onClick={() => void (canGoBack ? navigate(-1) : navigate(backTo))}>
          {t('page.back')}
        </Button>
        {children}
      </PageNotice>
    </div>
  );
}

export function PageLoading({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-slate-500" aria-busy="true">
      <Spinner />
      <span>{text ?? t('page.loading')}</span>
    </div>
  );
}

/**
 * 'Last updated …' (ticking) and, after a failed refresh, 'Connection lost. Retrying...'. `at` is
 * the server's lastUpdated (the latest change of the results), not the browser's last poll, so a
 * stalled results desk does not look live.
 */
export function LastUpdated({ at, softError, fetching }: { at: string; softError: boolean; fetching?: boolean }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500" aria-live="polite">
      <span className="inline-flex items-center gap-1">
        <span className={cn('inline-block h-2 w-2 rounded-full', softError ? 'bg-orange-500' : 'bg-green-500', fetching && 'animate-pulse')} />
        {t('updated.label', { when: lastUpdatedText(at, now) })}
      </span>
      {softError && (
        <span role="status" className="font-medium text-orange-700">
          {t('updated.connectionLost')}
        </span>
      )}
    </div>
  );
}

/** The event's section tabs; Details only when the organiser made the details public. */
export function EventTabs({
  eventId,
  active,
  detailsVisible,
  preview = false,
}: {
  eventId: string;
  active: 'details' | 'leaderboard' | 'teams' | 'schedule' | 'adjustments';
  detailsVisible: boolean;
  /** An admin preview: every tab asks for it too. */
  preview?: boolean;
}) {
  const { t: tr } = useTranslation();
  const q = previewQuery(preview);
  const tabs = [
    { key: 'details', label: tr('tabs.details'), to: `/public/events/${eventId}${q}` },
    { key: 'leaderboard', label: tr('tabs.leaderboard'), to: `/public/events/${eventId}/leaderboard${q}` },
    { key: 'teams', label: tr('tabs.teams'), to: `/public/events/${eventId}/teams${q}` },
    { key: 'schedule', label: tr('tabs.schedule'), to: `/public/events/${eventId}/schedule${q}` },
    // Published changes only: a preview has nothing more to show there.
    { key: 'adjustments', label: tr('tabs.adjustments'), to: `/public/events/${eventId}/adjustments` },
  ].filter((t) => t.key !== 'details' || detailsVisible);
  const list = useRef<HTMLUListElement>(null);
  // On a narrow phone the tabs scroll: the active one is brought into view, and a fade on the
  // side with more tabs shows there are more. Measured when a ResizeObserver reports the list
  // (after the browser's own layout, and again when its width changes), never right after
  // React's commit: reading sizes there made the browser lay out the whole new page inside the
  // script's task, a long task on a phone (docs/operations.md, "The spectator's phone").
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const update = () => setMore({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    let placed = false;
    const observer = new ResizeObserver(() => {
      const current = el.querySelector<HTMLElement>('[aria-current="page"]');
      if (!placed && current && (current.offsetLeft + current.offsetWidth > el.clientWidth || current.offsetLeft < el.scrollLeft))
        el.scrollLeft = current.offsetLeft + current.offsetWidth - el.clientWidth;
      placed = true;
      update();
    });
    observer.observe(el);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, [active, detailsVisible]);
  return (
    <nav aria-label={tr('tabs.label')} className="relative mb-6 border-b border-slate-200">
      <ul ref={list} className="-mb-px flex overflow-x-auto sm:gap-1 [scrollbar-width:none]">
        {tabs.map((t) => (
          <li key={t.key} className="shrink-0">
            <NavLink
              to={t.to}
              end
              aria-current={t.key === active ? 'page' : undefined}
              className={cn(
                'inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium sm:px-4',
                t.key === active ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700',
              )}
            >
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {more.left && <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-slate-50" />}
      {more.right && (
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 flex w-8 items-center justify-end bg-gradient-to-l from-slate-50 text-slate-400">
          ›
        </span>
      )}
    </nav>
  );
}

export function PercentBar({ percent, color = 'blue', className, label }: { percent: number; color?: 'blue' | 'green'; className?: string; label?: string }) {
  const p = Math.max(0, Math.min(100, percent));
  return (
    <div
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
      role="progressbar"
      aria-label={label}
      aria-valuenow={Math.round(p)}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className={cn('h-full rounded-full transition-all', color === 'green' ? 'bg-green-500' : 'bg-blue-500')} style={{ width: `${p}%` }} />
    </div>
  );
}
