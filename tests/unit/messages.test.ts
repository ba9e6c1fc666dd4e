import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const catalogues = { sk: leaves(sk as Tree), cs: leaves(cs as Tree), en: leaves(en as Tree) };

describe('message catalogues', () => {
  it('have exactly the same keys in sk, cs and en', () => {
    const enKeys = [...catalogues.en.keys()].sort();
    expect([...catalogues.sk.keys()].sort()).toEqual(enKeys);
    expect([...catalogues.cs.keys()].sort()).toEqual(enKeys);
  });

  it.each(Object.entries(catalogues))('%s has no empty message', (_, messages) => {
    const empty = [...messages].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps the spec strings word for word', () => {
    expect(catalogues.en.get('errorPage.notFound')).toBe('Page not found');
    expect(catalogues.en.get('errorPage.goHome')).toBe('Go back home');
    expect(catalogues.en.get('global.error.title')).toBe('Error');
    expect(catalogues.sk.get('global.error.title')).toBe('Chyba');
    expect(catalogues.sk.get('validation.emailRequired')).toBe('Email je povinný.');
    expect(catalogues.sk.get('validation.emailInvalid')).toBe('Neplatný email.');
    expect(catalogues.sk.get('validation.sexRequired')).toBe('Prosím vyberte možnosť.');
    expect(catalogues.sk.get('validation.passwordMismatch')).toBe('Tieto dve heslá sa nezhodujú.');
    expect(catalogues.sk.get('errors.invalidRedeemCode')).toBe('Neplatný kód na uplatnenie vstupenky');
    expect(catalogues.sk.get('errors.invalidDiscountCode')).toBe('Neplatný zľavový kód');
    expect(catalogues.sk.get('errors.noInternet')).toBe('Nie je k dispozícii internetové pripojenie');
    expect(catalogues.en.get('events.empty')).toBe('There are no upcoming events at the moment.');
    expect(catalogues.en.get('tickets.empty')).toBe('Currently you do not have any tickets.');
    expect(catalogues.en.get('cart.empty')).toBe('No tickets.');
  });

  it('translates rather than copies English into Slovak and Czech', () => {
    // Prose only: what is left after removing ICU placeholders, e-mail addresses and URLs.
    const prose = (value: string) => value.replace(/\{[^}]*\}/g, '').replace(/\S+@\S+|https?:\/\/\S+/g, '').replace(/[^\p{L}]+/gu, ' ').trim();
    const copied = (other: Map<string, string>) =>
      [...other].filter(([key, value]) => value === catalogues.en.get(key) && prose(value).length > 12).map(([k]) => k);
    expect(copied(catalogues.sk)).toEqual([]);
    expect(copied(catalogues.cs)).toEqual([]);
  });
});
