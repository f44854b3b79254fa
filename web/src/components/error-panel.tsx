import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n/i18n';
import type { ReactNode } from 'react';
import { Button } from './button';

type ErrorPanelProps = {
  title: string;
  error?: unknown;
  onRetry?: () => void;
  children?: ReactNode;
};

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('site:ui.unexpectedError');
}

/** The generic error box: a title, the error's message and an optional 'Try again'. */
export function ErrorPanel({ title, error, onRetry, children }: ErrorPanelProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      <h2 className="font-semibold">{title}</h2>
      {error !== undefined && <p className="mt-1 text-sm">{errorMessage(error)}</p>}
      {children}
      {onRetry && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          {t('site:ui.tryAgain')}
        </Button>
      )}
    </div>
  );
}
