// The sealed web session cookie: what it carries, and the minute-long memory of unsealed cookies that
// keeps a signed-in fan's requests from deriving iron's keys each time (never past the seal's expiry).
import { sealSessionToken, tokenFromSealedCookie } from '@/lib/server/auth/session-cookie';

afterEach(() => jest.useRealTimers());

describe('the sealed session cookie', () => {
  it('gives back the token it sealed, again and again, and nothing for a tampered or foreign cookie', async () => {
    const sealed = await sealSessionToken('token-of-jana', 3600);
    expect(await tokenFromSealedCookie(sealed)).toBe('token-of-jana');
    expect(await tokenFromSealedCookie(sealed)).toBe('token-of-jana');
    const parts = sealed.split('*');
    parts[4] = parts[4].slice(0, -2) + (parts[4].endsWith('AA') ? 'BB' : 'AA');
    expect(await tokenFromSealedCookie(parts.join('*'))).toBeNull();
    expect(await tokenFromSealedCookie('Fe26.2*1*forged')).toBeNull();
    expect(await tokenFromSealedCookie(undefined)).toBeNull();
  });

  it('is not honoured once expired, even when it was unsealed earlier (the memory of unsealed cookies keeps none past the seal)', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const sealed = await sealSessionToken('short-lived', 30);
    expect(await tokenFromSealedCookie(sealed)).toBe('short-lived');
    jest.setSystemTime(Date.now() + 31_000 + 60_000); // past the seal's expiry and iron's minute of clock skew
    expect(await tokenFromSealedCookie(sealed)).toBeNull();
  });
});
