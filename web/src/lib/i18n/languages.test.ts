import { matchLanguage, pickLanguage } from './languages';

describe('pickLanguage', () => {
  it('takes the account first, then this browser’s choice, then the browser, then the event', () => {
    expect(pickLanguage({ account: 'es', chosen: 'de', browser: ['fr-FR'], eventDefault: 'de' })).toBe('es');
    expect(pickLanguage({ account: '', chosen: 'de', browser: ['fr-FR'] })).toBe('de');
    expect(pickLanguage({ browser: ['pt-BR', 'fr-CA', 'de'] })).toBe('fr');
    expect(pickLanguage({ browser: ['pt-BR', 'ja'], eventDefault: 'de' })).toBe('de');
    expect(pickLanguage({ browser: ['ja'] })).toBe('en');
  });

  it('reads a tag’s language only', () => {
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('ES_mx')).toBe('es');
    expect(matchLanguage('pt')).toBeUndefined();
    expect(matchLanguage(undefined)).toBeUndefined();
  });
});
