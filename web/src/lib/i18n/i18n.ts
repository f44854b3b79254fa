// The one i18next instance (docs/architecture.md, "Languages"). Catalogues are JSON per language
// and namespace (catalogues/<language>/<namespace>.json): `public` (the boards, the public frame
// and the shared words), `site` (the other public pages, the athlete's and the shared components
// of the console), `console` and `judge`. English `public` comes with the app's first script, so a
// spectator's board paints without waiting for a second download; every other catalogue is a lazy
// chunk, loaded by the routes that need it (app/routes.tsx) or when the language changes.
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserStorage } from '@/lib/browser-storage';
import enPublic from './catalogues/en/public.json';
import { INTL_LOCALES, LANGUAGES, matchLanguage, pickLanguage, type Language } from './languages';

export const NAMESPACES = ['public', 'site', 'console', 'judge'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const lazyCatalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  './catalogues/*/*.json',
  '!./catalogues/en/public.json',
]);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyCatalogues[`./catalogues/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

const STORAGE_KEY = 'podium.language';

/** The language this browser chose with the switch, if any. */
export const chosenLanguage = (): Language | undefined => matchLanguage(browserStorage()?.getItem(STORAGE_KEY));

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

export const i18n = i18next.createInstance();

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: pickLanguage({ chosen: chosenLanguage(), browser: browserLanguages() }),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: ['public'],
    defaultNS: 'public',
    fallbackNS: 'public', // the shared words and components, always loaded
    partialBundledLanguages: true,
    resources: { en: { public: enPublic } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes what it renders
    react: { useSuspense: false },
    returnNull: false,
  });

const setDocumentLanguage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
setDocumentLanguage(i18n.language);
i18n.on('languageChanged', setDocumentLanguage);

/** The viewer's language. */
export const currentLanguage = (): Language => matchLanguage(i18n.language) ?? 'en';

/** The locale Intl formats numbers and dates in for the viewer's language. */
export const intlLocale = (): string => INTL_LOCALES[currentLanguage()];

/** Loads the catalogues a page needs in the viewer's language (a route's lazy step). */
export const loadNamespaces = (...namespaces: Namespace[]): Promise<void> => i18n.loadNamespaces(namespaces);

/** Resolves once the first screen's catalogues are in (at once for English). */
export const i18nReady = (): Promise<unknown> => i18n.loadNamespaces('public');

let saveToAccount: ((language: Language) => void) | undefined;

/** Who keeps the choice with the signed-in person's account (the session's provider). */
export function setAccountLanguageSaver(save: ((language: Language) => void) | undefined): void {
  saveToAccount = save;
}

/** The switch's choice: shown at once, kept on this browser and with the account when signed in. */
export function chooseLanguage(language: Language): Promise<unknown> {
  browserStorage()?.setItem(STORAGE_KEY, language);
  saveToAccount?.(language);
  return i18n.changeLanguage(language);
}

/** The signed-in person's language from their account; a blank one keeps the current choice. */
export function applyAccountLanguage(account: string | null | undefined): void {
  const language = matchLanguage(account);
  if (language && language !== i18n.language) {
    browserStorage()?.setItem(STORAGE_KEY, language);
    void i18n.changeLanguage(language);
  }
}

/** An event's language for a viewer whose browser asks for none Podium speaks and who chose none. */
export function applyEventLanguage(eventDefault: string | null | undefined): void {
  const language = pickLanguage({ chosen: chosenLanguage(), browser: browserLanguages(), eventDefault });
  if (language !== i18n.language) void i18n.changeLanguage(language);
}

/** A rule file's fixed texts by key, read in the viewer's language each time one is used:
 * `MESSAGES.nameShort` stays a plain property for its callers and tests. */
export function messages<K extends string>(keys: Record<K, string>): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const name of Object.keys(keys) as K[]) {
    const key: string = keys[name];
    Object.defineProperty(out, name, { get: () => i18n.t(key), enumerable: true });
  }
  return out;
}
