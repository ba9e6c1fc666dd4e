import sk from '@/messages/sk.json';
import { pickMessages, SHELL_NAMESPACES } from '@/lib/i18n/pick-messages';

describe('pickMessages (the messages the browser gets)', () => {
  it('gives the shell namespaces plus the ones asked for, dotted paths included', () => {
    const picked = pickMessages(sk, ['auth', 'payouts.bankAccount']) as Record<string, Record<string, unknown>>;
    expect(Object.keys(picked).sort()).toEqual([...SHELL_NAMESPACES, 'auth', 'payouts'].sort());
    expect(picked.auth).toEqual(sk.auth);
    expect(Object.keys(picked.payouts)).toEqual(['bankAccount']);
    expect(picked.payouts.bankAccount).toEqual(sk.payouts.bankAccount);
  });

  it('the locale layout gets a small part of the catalogue', () => {
    expect(JSON.stringify(pickMessages(sk, [])).length).toBeLessThan(JSON.stringify(sk).length / 10);
  });

  it("'fan' leaves out the organiser console and the server's own texts; 'all' is everything", () => {
    const fan = pickMessages(sk, 'fan') as Record<string, unknown>;
    expect(fan.organiser).toBeUndefined();
    expect(fan.email).toBeUndefined();
    expect(fan.tickets).toEqual(sk.tickets);
    expect(pickMessages(sk, 'all')).toBe(sk);
  });
});
