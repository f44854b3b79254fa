// The languages Podium speaks and how one is chosen for a viewer (docs/architecture.md, "Languages").

export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

/** The locale numbers and dates are formatted in: British English keeps the 24-hour clock and
 * "25 Nov 2026" the console has always shown. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

/** The language of a tag ("de-AT" → "de"), or undefined when Podium does not speak it. */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l === base);
}

export type LanguageSources = {
  /** The signed-in person's choice, kept with their account. */
  account?: string | null;
  /** The choice made on this browser before signing in (or without an account). */
  chosen?: string | null;
  /** The browser's languages, most preferred first (navigator.languages). */
  browser?: readonly string[];
  /** The event's language, for a viewer whose browser asks for none Podium speaks. */
  eventDefault?: string | null;
};

/** The account's choice, else this browser's choice, else the first of the browser's languages
 * Podium speaks, else the event's default, else English. */
export function pickLanguage({ account, chosen, browser = [], eventDefault }: LanguageSources): Language {
  return (
    matchLanguage(account) ??
    matchLanguage(chosen) ??
    browser.map(matchLanguage).find((l) => l !== undefined) ??
    matchLanguage(eventDefault) ??
    'en'
  );
}
