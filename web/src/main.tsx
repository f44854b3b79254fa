import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from '@/app/app';
import { i18n, i18nReady } from '@/lib/i18n/i18n';
import './index.css';

// The scripts' evaluation, the router's start (its loaders ask for the page's data) and the first
// render run as short tasks, not one long one that blocks a phone's main thread
// (docs/architecture.md, "The spectator's first load"): the app starts in a task of its own, and
// its first render is a transition, which React splits into short slices. A viewer in another
// language than English waits for the first screen's catalogue (lib/i18n/i18n.ts) rather than
// seeing English first.
const start = () => {
  const App = createApp();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
setTimeout(() => (i18n.hasLoadedNamespace('public') ? start() : void i18nReady().then(start, start)), 0);
