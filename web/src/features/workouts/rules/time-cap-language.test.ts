// The spec's time-cap texts: exact in German, translated in English (docs/architecture.md, "Languages").
import { i18n, loadNamespaces } from '@/lib/i18n/i18n';
import { TIME_CAP_TEXT } from './time-cap';

afterEach(() => i18n.changeLanguage('en'));

it('gives the spec’s German help and format error in German', async () => {
  await i18n.changeLanguage('de');
  await loadNamespaces('console');
  expect(TIME_CAP_TEXT.help).toBe('Format: MM:SS (01:00 bis 60:00). Leer lassen für keine Zeitbegrenzung.');
  expect(TIME_CAP_TEXT.format).toBe('Ungültiges Zeitformat. Verwenden Sie MM:SS (z.B. 12:30)');
});

it('translates them in English', () => {
  expect(TIME_CAP_TEXT.help).toBe('Format: MM:SS (01:00 to 60:00). Leave empty for no time cap.');
  expect(TIME_CAP_TEXT.format).toBe('Invalid time format. Use MM:SS (e.g. 12:30)');
});
