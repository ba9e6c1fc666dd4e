// Rules with one home (docs/decisions/rules-with-one-home.md): a copy of a rule in code of its own is
// what issue 30 found, and what this test refuses to let back in. Each check names the rule's home; a
// new file that needs the rule calls it there.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { memberCan, roleCan, type OrgRole } from '@/lib/server/organiser/access';

const ROOT = join(__dirname, '..', '..');

function filesUnder(dir: string, pattern = /\.(ts|tsx|sql)$/): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) {
      if (name !== 'migrations' && name !== 'node_modules') out.push(...filesUnder(path, pattern));
    } else if (pattern.test(name)) out.push(path);
  }
  return out;
}

const CODE = [...filesUnder('lib'), ...filesUnder('app'), ...filesUnder('components')];
const text = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Every line matching `pattern`, as 'file: line'. */
function offenders(pattern: RegExp, files = CODE): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const line of text(file).split('\n')) if (pattern.test(line)) found.push(`${relative('.', file)}: ${line.trim()}`);
  }
  return found;
}

describe('a live hold is decided by hold_is_live (lib/server/db/functions.sql)', () => {
  it('nothing else compares a hold’s expires_at or a unit’s or listing’s held_until with a moment', () => {
    const compared = offenders(/(\bexpires_at|\bheld_until|\.expiresAt|\.heldUntil)(\.getTime\(\))?\}?\s*(<=|>=|<|>)\s*\S|\b(lt|lte|gt|gte)\((tables\.holds|h)\.expiresAt/);
    // Other things expire too: sessions, e-mail and password links, invitations, a waiting room's admission
    // (lib/server/queue: a turn to buy, not a hold). A hold's own clock lives in hold_is_live alone (its
    // p_expires_at is not this pattern's).
    const elsewhere = /^lib\/server\/(auth\/(session-token|email-verification|password-reset)|team\/(invitations|team)|queue\/(admission|fan|figures))\.ts:/;
    expect(compared.filter((line) => !elsewhere.test(line))).toEqual([
      // Not whether it is live (hold_is_live, asked beside them) but how long ago it ended, and whether it ends soon.
      'lib/server/cart/read.ts: if (latest && latest.expiresAt.getTime() > now.getTime() - EXPIRED_NOTICE_MS) {',
      "lib/server/notifications/scheduled.ts: where h.status = 'active' and hold_is_live(h.status, h.expires_at, ${now.toISOString()}::timestamptz) and h.expires_at <= ${new Date(now.getTime() + HOLD_WARNING_MS).toISOString()}::timestamptz",
    ]);
  });
});

describe("a season's sale and renewal windows are season_sale_open and season_renewal", () => {
  it('nothing else compares a season’s window bounds with a moment', () => {
    const bound = /(sale|renewal)(_opens_at|_closes_at|OpensAt|ClosesAt)/;
    const compared = offenders(new RegExp(`${bound.source}\\}?\\s*(<=|>=|<|>)|(<=|>=|<|>)\\s*\\$?\\{?[\\w.]*${bound.source}`));
    // The organiser's form check compares a window's own two ends (closes after opens), not a moment.
    expect(compared.filter((line) => !line.startsWith('lib/server/seasons/organiser.ts:'))).toEqual([]);
  });
});

describe('who may scan is the access table’s gate capability', () => {
  it('memberCan agrees with the table for every role, and refuses no role or an unknown one', () => {
    for (const role of ['owner', 'manager', 'scanner'] as OrgRole[]) expect(memberCan(role, 'gate')).toBe(roleCan(role, 'gate'));
    expect(memberCan(null, 'gate')).toBe(false);
    expect(memberCan('toString', 'gate')).toBe(false);
  });

  it('the scan modules read a membership in two places, and each answer goes through memberCan', () => {
    const scan = filesUnder('lib/server/scan');
    // access.ts (the scanner's events, offline data, syncs) asks itself; read.ts hands the role to scan.ts.
    expect(scan.filter((file) => /orgMembers|org_members/.test(text(file)))).toEqual(['lib/server/scan/access.ts', 'lib/server/scan/read.ts']);
    expect(text('lib/server/scan/access.ts').match(/memberCan\(/g)).toHaveLength(2);
    expect(offenders(/found\.role/, scan)).toEqual(["lib/server/scan/scan.ts: if (!found || !memberCan(found.role, 'gate')) return nothingToSay();"]);
  });
});

describe('the time zone is TIME_ZONE (lib/i18n/time-zone.ts)', () => {
  it('no other file spells a zone', () => {
    expect(offenders(/['"`]Europe\/[A-Za-z_]+['"`]/)).toEqual(["lib/i18n/time-zone.ts: export const TIME_ZONE = 'Europe/Bratislava';"]);
  });
});

describe('lib/ imports nothing of components/', () => {
  it('holds for every file but the toasts’ deferred chunk', () => {
    // lib/client/toast.ts loads sonner through the chunk the layout defers (components/layout/deferred.tsx).
    expect(offenders(/@\/components\//, filesUnder('lib'))).toEqual(["lib/client/toast.ts: return import('@/components/layout/deferred');"]);
  });
});
