import { i18n } from '@/lib/i18n/i18n';
import { errorMessage } from './error-panel';

/** The text of a failed action: what failed, then the server's message ("Publish failed: …"). */
export function failureText(failure: string, error: unknown): string {
  return `${failure}: ${errorMessage(error)}`;
}

/**
 * A failure shown next to the control that caused it; nothing when there is none. With
 * `onDismiss` it has a Dismiss button: the failure stays until the user has read it (no failure
 * looks like success, docs/console-unsaved-data.md).
 */
export function InlineAlert({ message, onDismiss }: { message: string | null; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <span role="alert" className="inline-flex items-start gap-2 text-sm text-red-700">
      <span>{message}</span>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={i18n.t('site:ui.dismiss')}
          title={i18n.t('site:ui.dismiss')}
          className="rounded px-1 leading-5 text-red-700 hover:bg-red-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-400"
        >
          ×
        </button>
      )}
    </span>
  );
}
