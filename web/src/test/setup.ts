import { afterEach } from 'vitest';
import { i18n, loadNamespaces } from '@/lib/i18n/i18n';

// Tests read the English texts, whatever the machine's language; every catalogue is loaded
// first, as the routes load theirs before a page renders (app/routes.tsx).
await i18n.changeLanguage('en');
await loadNamespaces('site', 'console', 'judge');

// The rules' tests run without a DOM (vite.config.ts, `projects`): the DOM matchers and the
// stubs below are for the files that have one.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  // findBy… and waitFor give up after 1 s by default; a lazily loaded route on a loaded
  // machine takes longer (vite.config.ts, testTimeout). A state that never comes still fails.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(() => {
    localStorage.clear();
  });
  stubLayout();
}

// jsdom lays nothing out: width queries answer from window.innerWidth (1024 unless a test
// stubs it), and nothing ever scrolls into view.
function stubLayout() {
  window.matchMedia = (query: string): MediaQueryList => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    const max = /\(max-width:\s*(\d+)px\)/.exec(query);
    const matches = (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  };
  window.IntersectionObserver = class {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly scrollMargin = '0px';
    readonly thresholds = [0];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
  // Nothing is laid out, so nothing is ever resized: the callback never runs.
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
