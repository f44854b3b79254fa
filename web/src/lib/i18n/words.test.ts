// The spec's texts (docs/architecture.md, "Languages"): exactly the spec's German in German,
// its German words translated in English.
import { i18n } from './i18n';
import { eventStatusWord, scoreTypeWord } from './words';

afterEach(() => i18n.changeLanguage('en'));

it('speaks the spec’s German in German', async () => {
  await i18n.changeLanguage('de');
  expect(['DRAFT', 'PUBLISHED', 'IN_PROGRESS', 'ARCHIVED', 'UNLISTED', 'COMPLETED'].map(eventStatusWord)).toEqual([
    'Entwurf', 'Veröffentlicht', 'Läuft', 'Archiviert', 'Nicht gelistet', 'Abgeschlossen',
  ]);
  expect(['TIME', 'REPS', 'MAX_WEIGHT'].map(scoreTypeWord)).toEqual(['Zeit', 'Wiederholungen', 'Max. Gewicht']);
});

it('translates the spec’s German words in English', () => {
  expect(['DRAFT', 'PUBLISHED', 'IN_PROGRESS'].map(eventStatusWord)).toEqual(['Draft', 'Published', 'Running']);
  expect(['TIME', 'REPS', 'MAX_WEIGHT'].map(scoreTypeWord)).toEqual(['Time', 'Reps', 'Max weight']);
});

it('words French and Spanish in their own language', async () => {
  await i18n.changeLanguage('fr');
  expect([eventStatusWord('DRAFT'), scoreTypeWord('REPS')]).toEqual(['Brouillon', 'Répétitions']);
  await i18n.changeLanguage('es');
  expect([eventStatusWord('IN_PROGRESS'), scoreTypeWord('TIME')]).toEqual(['En curso', 'Tiempo']);
});
