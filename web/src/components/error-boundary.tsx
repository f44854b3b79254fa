import { i18n } from '@/lib/i18n/i18n';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type State = { failed: boolean };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        <h2 className="font-semibold">{i18n.t('site:ui.boundary.title')}</h2>
        <p className="mt-1 text-sm">
          {i18n.t('site:ui.boundary.text')}
        </p>
      </div>
    );
  }
}
