// Issue 29 item 4: a lone surrogate (`"\ud800"`) in announcement text, a season category's name, an image's
// alt text, a venue section's name or the push-unsubscribe endpoint answered 500; NUL and other control
// characters, lone surrogates and bidi override characters are refused by the shared text primitives
// (lib/schemas/primitives.ts), line breaks only where a field takes several lines. Item 9: person names
// refuse every directional mark, U+200E, U+200F and U+061C too.
import type { z } from 'zod';
import { profileSchema, signUpSchema } from '@/lib/schemas/auth';
import { feedbackInputSchema } from '@/lib/schemas/feedback';
import { holderSchema } from '@/lib/schemas/named-tickets';
import { announcementCreateSchema, pushUnsubscribeSchema, unsubscribeSchema } from '@/lib/schemas/notifications';
import { createSectionSchema } from '@/lib/schemas/organiser-venues';
import { imageUploadFieldsSchema } from '@/lib/schemas/organiser-team';
import { createPriceCategorySchema } from '@/lib/schemas/organiser-events';
import { bankAccountSchema } from '@/lib/schemas/payouts';
import { multilineText, plainText } from '@/lib/schemas/primitives';
import { seasonCategoriesSchema } from '@/lib/schemas/seasons';

const LONE_SURROGATES = ['\ud800', 'a\udc00b', 'x\udbff', '\udfffy'];
const BIDI_OVERRIDES = ['\u202egnp.exe', 'a\u202ab', 'a\u2066b\u2069'];
const CONTROL = ['a\u0000b', 'a\u0007b', 'a\u0085b'];

function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('the text primitives', () => {
  it.each([...LONE_SURROGATES, ...BIDI_OVERRIDES, ...CONTROL, 'a\nb'])('plainText refuses %j', (value) => {
    expect(issues(plainText('x.bad'), value)).toEqual(['x.bad']);
  });

  it.each([...LONE_SURROGATES, ...BIDI_OVERRIDES, ...CONTROL])('multilineText refuses %j', (value) => {
    expect(issues(multilineText(100, 'x.long', 'x.bad'), value)).toEqual(['x.bad']);
  });

  it('keeps what people write: accents, emoji (a surrogate pair), right-to-left script, line breaks where lines are taken', () => {
    for (const value of ['Košice – Žilina', 'Fan 🎉', 'שלום', 'مرحبا', 'Ďakujeme!']) {
      expect(plainText().parse(value)).toBe(value);
      expect(multilineText(100).parse(value)).toBe(value);
    }
    expect(multilineText(100).parse('one\r\ntwo\n\tthree')).toBe('one\r\ntwo\n\tthree');
  });
});

describe('fields that answered 500 on a lone surrogate', () => {
  const localized = (bad: string) => ({ sk: bad, cs: 'Ahoj', en: 'Hello' });
  it.each(LONE_SURROGATES)('refuses %j in each', (bad) => {
    expect(issues(announcementCreateSchema, { message: localized(bad) }).length).toBeGreaterThan(0);
    expect(issues(seasonCategoriesSchema, { categories: [{ id: null, name: localized(bad), color: '#112233', price: 100 }], mapping: [] }).length).toBeGreaterThan(0);
    expect(issues(imageUploadFieldsSchema, { altSk: bad }).length).toBeGreaterThan(0);
    expect(issues(createSectionSchema, { code: 'A1', name: localized(bad), kind: 'standing', capacity: 10 }).length).toBeGreaterThan(0);
    expect(issues(pushUnsubscribeSchema, { endpoint: `https://push.example.com/${bad}` }).length).toBeGreaterThan(0);
    expect(issues(unsubscribeSchema, { token: `abcdefghijk${bad}` }).length).toBeGreaterThan(0);
    expect(issues(createPriceCategorySchema, { name: localized(bad), priceAmount: 100, kind: 'standing' }).length).toBeGreaterThan(0);
    expect(issues(feedbackInputSchema, { rating: 4, comment: bad }).length).toBeGreaterThan(0);
  });

  it('refuses a bidi override in an announcement, but takes its line breaks', () => {
    expect(issues(announcementCreateSchema, { message: localized('Gates \u202eopen') })).toEqual(['errors.invalidInput']);
    expect(issues(announcementCreateSchema, { message: localized('Gates open\nlater') })).toEqual([]);
  });
});

describe('person names', () => {
  const MARKS = ['\u200e', '\u200f', '\u061c', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
  const signUp = { firstName: 'Eva', lastName: 'Nová', sex: 'female', dateOfBirth: '1990-01-01', email: 'eva@example.com', password: 'password-123', confirmPassword: 'password-123' };

  it.each(MARKS.map((m) => [`U+${m.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, m]))('refuses the directional mark %s in sign-up, profile, ticket holder and bank account names', (_name, mark) => {
    expect(issues(signUpSchema, { ...signUp, lastName: `Nov${mark}á` })).toEqual(['validation.nameDirection']);
    expect(issues(profileSchema, { firstName: `${mark}Eva`, lastName: 'Nová', email: 'eva@example.com', dateOfBirth: '1990-01-01' })).toEqual(['validation.nameDirection']);
    expect(issues(holderSchema, { name: `Eva ${mark}Nová`, dateOfBirth: '1990-01-01' }).length).toBeGreaterThan(0);
    expect(issues(bankAccountSchema, { iban: 'SK3112000000198742637541', holderName: `Eva${mark} Nová` }).length).toBeGreaterThan(0);
  });

  it('refuses a lone surrogate in a name', () => {
    expect(issues(signUpSchema, { ...signUp, firstName: 'E\ud800va' })).toEqual(['validation.nameInvalid']);
    expect(issues(holderSchema, { name: 'Eva \udc00Nová', dateOfBirth: '1990-01-01' }).length).toBeGreaterThan(0);
  });

  it('takes names in right-to-left scripts as they are typed', () => {
    expect(issues(signUpSchema, { ...signUp, firstName: 'שרה', lastName: 'عبد الله' })).toEqual([]);
  });
});
