import { localeOfPath, matchAcceptLanguage, resolveLocale } from '@/lib/i18n/resolve-locale';

describe('resolveLocale (no locale prefix in the path)', () => {
  it.each([
    [{ cookie: null, acceptLanguage: null }, 'sk'],
    [{ cookie: null, acceptLanguage: 'cs-CZ,cs;q=0.9' }, 'cs'],
    [{ cookie: null, acceptLanguage: 'en-GB,en;q=0.8' }, 'en'],
    [{ cookie: null, acceptLanguage: 'sk-SK' }, 'sk'],
    [{ cookie: 'en', acceptLanguage: 'cs-CZ,cs;q=0.9' }, 'en'],
    [{ cookie: 'de', acceptLanguage: 'cs-CZ' }, 'cs'],
    [{ cookie: '', acceptLanguage: 'de-DE,de;q=0.9' }, 'sk'],
    [{ cookie: null, acceptLanguage: 'de-DE,en;q=0.5,cs;q=0.7' }, 'cs'],
    [{ cookie: null, acceptLanguage: 'fr, en;q=0' }, 'sk'],
    [{ cookie: null, acceptLanguage: 'garbage;;;,,' }, 'sk'],
  ])('%j → %s', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });

  it('prefers the order of equal q-values', () => {
    expect(matchAcceptLanguage('en, cs')).toBe('en');
    expect(matchAcceptLanguage('cs, en')).toBe('cs');
  });

  it('reads the locale prefix of a path', () => {
    expect(localeOfPath('/cs/udalosti')).toBe('cs');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/events')).toBeNull();
    expect(localeOfPath('/')).toBeNull();
  });
});
