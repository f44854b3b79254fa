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
        <h2 className="font-semibold">Something went wrong</h2>
        <p className="mt-1 text-sm">
          This component encountered an error and could not be displayed. Please try refreshing the page.
        </p>
      </div>
    );
  }
}
