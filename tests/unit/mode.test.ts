import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModeError, installationSecrets, paymentNoticeKey, resolveMode, sessionKey, testGatewayAllowed } from '@/lib/server/mode';

// The fixed key the code used to fall back to: it is in the repository, so nothing may ever use it.
const REPO_KEY = 'tribuna-development-only-session-secret-0123456789';
const SECRET = 'a-deployment-secret-of-more-than-32-chars';

// Another process runs lib/server/mode.ts as TypeScript, as the seed (tsx) and the server's bundle do.
const TSX = path.join('node_modules', '.bin', 'tsx');
const TSX_ARGS = ['--conditions=react-server'];

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tribuna-keys-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The keys another process finds in `dir`, as `npm start`'s server, its threads and the seed each would. */
function keysInOtherProcess(dir: string) {
  const script = `console.log(JSON.stringify(require('./lib/server/mode.ts').installationSecrets(${JSON.stringify(dir)})))`;
  return JSON.parse(execFileSync(TSX, [...TSX_ARGS, '-e', script], { encoding: 'utf8' }));
}

describe('mode resolution', () => {
  it('is the demo without SESSION_SECRET and TRIBUNA_MODE, whatever NODE_ENV says', () => {
    expect(resolveMode({})).toBe('demo');
    expect(resolveMode({ NODE_ENV: 'production' })).toBe('demo');
    expect(resolveMode({ NODE_ENV: 'production', CI: 'true' })).toBe('demo');
    expect(resolveMode({ TRIBUNA_MODE: 'demo' })).toBe('demo');
  });

  it('is a deployment once SESSION_SECRET is set', () => {
    expect(resolveMode({ SESSION_SECRET: SECRET })).toBe('production');
    expect(resolveMode({ SESSION_SECRET: SECRET, TRIBUNA_MODE: 'production' })).toBe('production');
  });

  it('refuses production without a secret, a short secret, an unknown mode and a demo with a secret', () => {
    expect(() => resolveMode({ TRIBUNA_MODE: 'production' })).toThrow(ModeError);
    expect(() => resolveMode({ TRIBUNA_MODE: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => resolveMode({ SESSION_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => resolveMode({ TRIBUNA_MODE: 'prod' })).toThrow(/"production" or "demo"/);
    expect(() => resolveMode({ TRIBUNA_MODE: 'demo', SESSION_SECRET: SECRET })).toThrow(ModeError);
  });

  it('allows the test gateway in the demo, and in a deployment only with PAYMENTS_TEST_GATEWAY=1', () => {
    expect(testGatewayAllowed({})).toBe(true);
    expect(testGatewayAllowed({ SESSION_SECRET: SECRET })).toBe(false);
    expect(testGatewayAllowed({ SESSION_SECRET: SECRET, PAYMENTS_TEST_GATEWAY: '1' })).toBe(true);
  });
});

describe("the demo installation's keys", () => {
  it('are made once, kept readable by the owner only, and found again by every later process', () => {
    const dir = freshDir();
    const made = installationSecrets(dir);
    const file = path.join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(made);
    expect(keysInOtherProcess(dir)).toEqual(made);
    expect(installationSecrets(dir)).toEqual(made);
  });

  it('differ between installations and between purposes, and are never the key written in the repository', () => {
    const one = installationSecrets(freshDir());
    const other = installationSecrets(freshDir());
    expect(one.session).not.toBe(other.session);
    expect(one.paymentNotice).not.toBe(other.paymentNotice);
    expect(one.session).not.toBe(one.paymentNotice);
    for (const key of [one.session, one.paymentNotice]) {
      expect(key.length).toBeGreaterThanOrEqual(43);
      expect(key).not.toBe(REPO_KEY);
    }
  });

  it('are the same for processes that start at once on a fresh installation', async () => {
    const dir = freshDir();
    const script = `console.log(JSON.stringify(require('./lib/server/mode.ts').installationSecrets(${JSON.stringify(dir)})))`;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(TSX, [...TSX_ARGS, '-e', script]);
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        return new Promise<string>((resolve) => child.on('close', () => resolve(out)));
      }),
    );
    const keys = outputs.map((out) => JSON.parse(out));
    expect(keys.every((k) => k.session === keys[0].session && k.paymentNotice === keys[0].paymentNotice)).toBe(true);
  });

  it('a deployment seals with SESSION_SECRET and signs gateway notices with a key derived apart from it', () => {
    const dir = freshDir();
    expect(sessionKey({ SESSION_SECRET: SECRET }, dir)).toBe(SECRET);
    const notice = paymentNoticeKey({ SESSION_SECRET: SECRET }, dir);
    expect(notice).not.toBe(SECRET);
    expect(notice).not.toContain(SECRET);
    expect(paymentNoticeKey({ SESSION_SECRET: `${SECRET}-other` }, dir)).not.toBe(notice);
    expect(() => sessionKey({ TRIBUNA_MODE: 'production' }, dir)).toThrow(ModeError);
  });
});
