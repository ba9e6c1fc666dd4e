// npm run doctor (lib/server/doctor.ts): a deployment's settings checked before its servers start, each
// missing or wrong one named with what to do about it, and a clean configuration passing.
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { checkDeployment, doctorReport, probeDatabase, type DoctorOptions } from '@/lib/server/doctor';
import { committedMigrations, pendingMigrations } from '@/lib/server/db/migration-status';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();

const good = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(48),
  DATABASE_URL: 'postgres://tribuna:secret@db.example.com:5432/tribuna',
  TRIBUNA_MIGRATE_AT_START: '0',
  APP_URL: 'https://tickets.example.com',
  TRUST_PROXY: '1',
  HOSTNAME: '127.0.0.1',
  PORT: '3001',
  SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
  STRIPE_SECRET_KEY: 'sk_live_51AbCdEfGhIjKlMnOp',
  STRIPE_WEBHOOK_SECRET: 'whsec_AbCdEfGhIjKlMnOp',
  TRIBUNA_LEGAL_NAME: 'Vstupenky Slovensko s. r. o.',
  TRIBUNA_LEGAL_STREET: 'Hlavná 12',
  TRIBUNA_LEGAL_CITY: 'Košice',
  TRIBUNA_LEGAL_POSTCODE: '040 01',
  TRIBUNA_LEGAL_ICO: '35612347',
  TRIBUNA_LEGAL_DIC: '2020123456',
  TRIBUNA_LEGAL_VAT_ID: 'SK2020123456',
  PAYOUT_DEBTOR_IBAN: 'SK31 1200 0000 1987 4263 7541',
  PAYOUT_DEBTOR_NAME: 'Vstupenky Slovensko s. r. o.',
  METRICS_PORT: '9464',
};
const fine: DoctorOptions = { probeDatabase: async () => ({ reachable: true, pending: [] }), portFree: async () => true };

async function problems(env: Record<string, string | undefined>, options: DoctorOptions = {}) {
  const findings = await checkDeployment(env, { ...fine, ...options });
  return findings.filter((f) => f.level === 'problem').map((f) => `${f.setting}: ${f.message}`);
}

describe('npm run doctor', () => {
  it('passes a complete deployment and says so', async () => {
    const findings = await checkDeployment(good, fine);
    expect(findings.filter((f) => f.level === 'problem')).toEqual([]);
    expect(doctorReport(findings)).toContain('The configuration is ready to start.');
  });

  it('names each missing setting with what to set', async () => {
    const found = await problems({ PORT: '3001' });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SESSION_SECRET: SESSION_SECRET is not set, so this would run as the demo.*openssl rand -base64 48/),
        expect.stringMatching(/^DATABASE_URL: DATABASE_URL is not set: .*only one process/),
        expect.stringMatching(/^APP_URL: APP_URL is not set/),
        expect.stringMatching(/^SMTP_URL: SMTP_URL is not set: .*nobody would receive them/),
        expect.stringMatching(/^STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is not set: checkout is refused/),
      ]),
    );
    expect(doctorReport(await checkDeployment({ PORT: '3001' }, fine))).toMatch(/\d+ problems: fix them before starting the servers\.$/);
  });

  it('uses the mode’s own rules for SESSION_SECRET and TRIBUNA_MODE', async () => {
    expect(await problems({ ...good, SESSION_SECRET: 'short' })).toContain('SESSION_SECRET: SESSION_SECRET must be at least 32 characters (for example: openssl rand -base64 48).');
    const asked = await problems({ ...good, SESSION_SECRET: undefined, TRIBUNA_MODE: 'production' });
    expect(asked[0]).toMatch(/^TRIBUNA_MODE: TRIBUNA_MODE=production needs SESSION_SECRET/);
  });

  it('finds wrong values: http origin, proxy settings, ports, Stripe keys, mail, NODE_ENV', async () => {
    expect(await problems({ ...good, APP_URL: 'http://tickets.example.com' })).toEqual([expect.stringMatching(/^APP_URL: .*is not https/)]);
    expect(await problems({ ...good, TRUST_PROXY: undefined })).toEqual([expect.stringMatching(/^TRUST_PROXY: APP_URL is https.*Set TRUST_PROXY=1/)]);
    expect(await problems({ ...good, TRUST_PROXY: 'yes' })).toEqual([expect.stringMatching(/^TRUST_PROXY: TRUST_PROXY is "yes"/)]);
    expect(await problems({ ...good, HOSTNAME: undefined })).toEqual([expect.stringMatching(/^TRUST_PROXY: .*could forge X-Forwarded-For/)]);
    expect(await problems({ ...good, HOSTNAME: '0.0.0.0' })).toEqual([expect.stringMatching(/^TRUST_PROXY: .*neither a loopback nor a private address/)]);
    // A proxy on another host of a private network: said, not refused.
    expect(await problems({ ...good, HOSTNAME: '10.0.3.7' })).toEqual([]);
    expect((await checkDeployment({ ...good, HOSTNAME: '10.0.3.7' }, fine)).map((f) => f.message)).toContainEqual(expect.stringMatching(/private address 10\.0\.3\.7: make sure only the proxy/));
    expect(await problems({ ...good, PORT: '99999' })).toEqual(['PORT: PORT "99999" is not a port number (1–65535).']);
    expect(await problems(good, { portFree: async () => false })).toEqual([expect.stringMatching(/^PORT: Port 3001 is already in use on 127\.0\.0\.1/)]);
    expect(await problems({ ...good, STRIPE_SECRET_KEY: 'pk_live_51AbCdEfGhIjKlMnOp' })).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY: .*publishable key/)]);
    expect(await problems({ ...good, STRIPE_WEBHOOK_SECRET: undefined })).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: .*not set.*whsec_/)]);
    expect(await problems({ ...good, SMTP_URL: 'mail.example.com' })).toEqual([expect.stringMatching(/^SMTP_URL: SMTP_URL must start with smtp:\/\//)]);
    expect(await problems({ ...good, NODE_ENV: 'development' })).toEqual([expect.stringMatching(/^NODE_ENV: NODE_ENV is "development"/)]);
    expect(await problems({ ...good, DATABASE_URL: 'mysql://db/tribuna' })).toEqual([expect.stringMatching(/^DATABASE_URL: DATABASE_URL is not a PostgreSQL URL/)]);
  });

  it('wants S3 complete when set, and S3 at all for more than one host', async () => {
    expect(await problems(good, { hosts: 2 })).toEqual([expect.stringMatching(/^S3_BUCKET: 2 hosts run servers but S3_BUCKET is not set/)]);
    expect(await problems({ ...good, S3_ENDPOINT: 'https://s3.example.com' })).toEqual([expect.stringMatching(/^S3_BUCKET: S3_ENDPOINT is set but S3_BUCKET is not/)]);
    const s3 = { ...good, S3_BUCKET: 'images', S3_ENDPOINT: 'https://s3.example.com', S3_ACCESS_KEY_ID: 'AKID' };
    expect(await problems(s3, { hosts: 2 })).toEqual([
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/),
      expect.stringMatching(/^STORAGE_CDN_HOST: STORAGE_CDN_HOST must be s3\.example\.com/),
    ]);
    expect(await problems({ ...s3, S3_SECRET_ACCESS_KEY: 'secret', STORAGE_CDN_HOST: 's3.example.com' }, { hosts: 2 })).toEqual([]);
  });

  it('says when the database cannot be reached or lacks this release’s migrations', async () => {
    const unreachable = await probeDatabase('postgres://tribuna@127.0.0.1:1/tribuna');
    expect(unreachable.reachable).toBe(false);
    expect(await problems(good, { probeDatabase: async () => unreachable })).toEqual([expect.stringMatching(/^DATABASE_URL: The database at DATABASE_URL cannot be reached \((?!Failed query).+\)\. Check the host/)]);
    expect(await problems(good, { probeDatabase: async () => ({ reachable: true, pending: ['0029_a', '0030_b'] }) })).toEqual([
      'DATABASE_URL: The database lacks 2 migration(s) of this release (0029_a, 0030_b): run npm run db:migrate before starting the servers.',
    ]);
  });

  it('counts pending migrations against drizzle’s record of what it applied', async () => {
    expect(await pendingMigrations(t.db)).toEqual([]);
    const committed = committedMigrations();
    const latest = committed.at(-1)!;
    // A migration newer than any applied one is pending; on a database never migrated, all are.
    expect(await pendingMigrations(t.db, [...committed, { idx: latest.idx + 1, when: latest.when + 1, tag: '9999_next' }])).toEqual(['9999_next']);
    await t.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __renamed`);
    try {
      expect(await pendingMigrations(t.db)).toHaveLength(committed.length);
    } finally {
      await t.db.execute(sql`alter table drizzle.__renamed rename to __drizzle_migrations`);
    }
  });

  it('runs as npm run doctor and exits 1 with the problems', () => {
    const run = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/doctor.ts'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', APP_URL: 'http://x.example.com' } as unknown as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('✗ APP_URL: APP_URL "http://x.example.com" is not https');
  });
});

describe('npm run doctor: the settings of the newer parts', () => {
  it('wants Tribuna’s own legal identity for the tax documents it issues, with valid numbers', async () => {
    const { TRIBUNA_LEGAL_NAME: _n, TRIBUNA_LEGAL_ICO: _i, TRIBUNA_LEGAL_VAT_ID: _v, ...demoCompany } = good;
    expect(await problems(demoCompany)).toEqual([expect.stringMatching(/^TRIBUNA_LEGAL_NAME: TRIBUNA_LEGAL_NAME, TRIBUNA_LEGAL_ICO, TRIBUNA_LEGAL_VAT_ID are not set: .*would name the demo company/)]);
    // Not a VAT payer: no IČ DPH needed.
    const { TRIBUNA_LEGAL_VAT_ID: _vat, ...noVat } = good;
    expect(await problems({ ...noVat, TRIBUNA_LEGAL_VAT_REGISTERED: 'false' })).toEqual([]);
    expect(await problems(noVat)).toEqual([expect.stringMatching(/^TRIBUNA_LEGAL_VAT_ID: TRIBUNA_LEGAL_VAT_ID is not set/)]);
    expect(await problems({ ...good, TRIBUNA_LEGAL_ICO: '35612348' })).toEqual([expect.stringMatching(/^TRIBUNA_LEGAL_ICO: TRIBUNA_LEGAL_ICO "35612348" is not a valid IČO/)]);
    expect(await problems({ ...good, TRIBUNA_LEGAL_DIC: 'CZ12345678' })).toEqual([expect.stringMatching(/^TRIBUNA_LEGAL_DIC: .*not a Slovak DIČ/)]);
    expect(await problems({ ...good, TRIBUNA_LEGAL_VAT_ID: '2020123456' })).toEqual([expect.stringMatching(/^TRIBUNA_LEGAL_VAT_ID: .*not a Slovak IČ DPH/)]);
    expect(await problems({ ...good, TRIBUNA_LEGAL_COUNTRY: 'AT' })).toEqual([expect.stringMatching(/^TRIBUNA_LEGAL_COUNTRY: .*SK or CZ/)]);
    expect(await problems({ ...good, TRIBUNA_LEGAL_VAT_REGISTERED: 'no' })).toEqual([expect.stringMatching(/^TRIBUNA_LEGAL_VAT_REGISTERED: .*true or false/)]);
    // A Czech company: its DIČ is the VAT number.
    expect(await problems({ ...good, TRIBUNA_LEGAL_COUNTRY: 'CZ', TRIBUNA_LEGAL_DIC: 'CZ35612347', TRIBUNA_LEGAL_VAT_ID: 'CZ35612347' })).toEqual([]);
  });

  it('checks Tribuna’s payout account, and says payout runs are refused without one', async () => {
    expect(await problems({ ...good, PAYOUT_DEBTOR_IBAN: 'SK31 1200 0000 1987 4263 7542' })).toEqual([expect.stringMatching(/^PAYOUT_DEBTOR_IBAN: .*not a valid IBAN.*PAYOUT_DEBTOR_MISSING/)]);
    expect(await problems({ ...good, PAYOUT_DEBTOR_NAME: undefined })).toEqual([expect.stringMatching(/^PAYOUT_DEBTOR_NAME: .*2–70 characters/)]);
    expect(await problems({ ...good, PAYOUT_DEBTOR_BIC: 'NOT A BIC' })).toEqual([expect.stringMatching(/^PAYOUT_DEBTOR_BIC: .*not a valid BIC/)]);
    expect(await problems({ ...good, PAYOUT_DEBTOR_IBAN_CZK: 'CZ65 0800 0000 1920 0014 5398' })).toEqual([expect.stringMatching(/^PAYOUT_DEBTOR_IBAN_CZK: .*not a valid IBAN/)]);
    expect(await problems({ ...good, PAYOUT_DEBTOR_IBAN_CZK: 'CZ65 0800 0000 1920 0014 5399' })).toEqual([]);
    const { PAYOUT_DEBTOR_IBAN: _iban, PAYOUT_DEBTOR_NAME: _name, ...noAccount } = good;
    const findings = await checkDeployment(noAccount, fine);
    expect(findings.filter((f) => f.level === 'problem')).toEqual([]);
    expect(findings).toContainEqual(expect.objectContaining({ level: 'note', setting: 'PAYOUT_DEBTOR_IBAN', message: expect.stringMatching(/PAYOUT_DEBTOR_MISSING/) }));
  });

  it('keeps the metrics off the public: a port of their own, a token long enough, never the network without one', async () => {
    expect(await problems({ ...good, METRICS_PORT: 'metrics' })).toEqual(['METRICS_PORT: METRICS_PORT "metrics" is not a port number (1–65535).']);
    expect(await problems({ ...good, METRICS_PORT: '3001' })).toEqual([expect.stringMatching(/^METRICS_PORT: METRICS_PORT is PORT \(3001\)/)]);
    expect(await problems({ ...good, METRICS_TOKEN: 'short' })).toEqual([expect.stringMatching(/^METRICS_TOKEN: METRICS_TOKEN is shorter than 24 characters/)]);
    expect(await problems({ ...good, METRICS_HOST: '0.0.0.0' })).toEqual([expect.stringMatching(/^METRICS_HOST: .*0\.0\.0\.0 without METRICS_TOKEN/)]);
    expect(await problems({ ...good, METRICS_HOST: '10.0.3.7', METRICS_TOKEN: 'a'.repeat(32) })).toEqual([]);
    const { METRICS_PORT: _port, ...unscraped } = good;
    expect(await problems(unscraped)).toEqual([]);
    expect(await checkDeployment(unscraped, fine)).toContainEqual(expect.objectContaining({ level: 'note', setting: 'METRICS_PORT', message: expect.stringMatching(/served nowhere/) }));
  });

  it('checks the waiting rooms’ default rate', async () => {
    for (const rate of ['fast', '0', '20000', '1.5']) {
      expect(await problems({ ...good, QUEUE_RATE_PER_MINUTE: rate })).toEqual([expect.stringMatching(new RegExp(`^QUEUE_RATE_PER_MINUTE: QUEUE_RATE_PER_MINUTE "${rate.replace('.', '\\.')}" is not a whole number from 1 to 12000`))]);
    }
    expect(await problems({ ...good, QUEUE_RATE_PER_MINUTE: '600' })).toEqual([]);
  });

  it('checks how long payouts wait after an event: whole hours, 0 allowed (with a note), nothing else', async () => {
    for (const wait of ['twelve', '-1', '1.5', '12h', '9000']) {
      expect(await problems({ ...good, PAYOUT_WAIT_HOURS: wait })).toEqual([`PAYOUT_WAIT_HOURS: PAYOUT_WAIT_HOURS "${wait}" is not a whole number of hours from 0 to 8760: how long after an event ended its payouts wait (default 12; 0 pays as soon as it ended).`]);
    }
    expect(await problems({ ...good, PAYOUT_WAIT_HOURS: '24' })).toEqual([]);
    const immediate = await checkDeployment({ ...good, PAYOUT_WAIT_HOURS: '0' }, fine);
    expect(immediate.filter((f) => f.level === 'problem')).toEqual([]);
    expect(immediate).toContainEqual(expect.objectContaining({ level: 'note', setting: 'PAYOUT_WAIT_HOURS' }));
  });
});

describe('npm run doctor: Comgate', () => {
  const comgate = { COMGATE_MERCHANT: '498621', COMGATE_SECRET: 'AbCdEfGhIjKlMnOpQrSt' };

  it('an organisation chose Comgate but the deployment has no Comgate account: both settings are asked for', async () => {
    const chosen: DoctorOptions = { probeDatabase: async () => ({ reachable: true, pending: [], comgateOrganisations: 2 }) };
    expect(await problems(good, chosen)).toEqual([
      expect.stringMatching(/^COMGATE_MERCHANT: 2 organisation\(s\) take their payments through Comgate but COMGATE_MERCHANT is not set/),
      expect.stringMatching(/^COMGATE_SECRET: 2 organisation\(s\) take their payments through Comgate but COMGATE_SECRET is not set/),
    ]);
    expect(await problems({ ...good, ...comgate }, chosen)).toEqual([]);
    // nobody chose it and nothing is configured: nothing to say
    expect((await checkDeployment(good, fine)).filter((f) => f.setting.startsWith('COMGATE'))).toEqual([]);
  });

  it('half a Comgate configuration, the local fake, or a bad test switch is refused; a complete one says where notices go', async () => {
    expect(await problems({ ...good, COMGATE_MERCHANT: '498621' })).toEqual([expect.stringMatching(/^COMGATE_SECRET: Comgate is configured but COMGATE_SECRET is not set/)]);
    expect(await problems({ ...good, ...comgate, COMGATE_API_URL: 'http://127.0.0.1:3361/v1.0' })).toEqual([expect.stringMatching(/^COMGATE_API_URL: .*not an https address of another machine/)]);
    expect(await problems({ ...good, ...comgate, COMGATE_TEST: 'yes' })).toEqual([expect.stringMatching(/^COMGATE_TEST: COMGATE_TEST must be 1/)]);
    const findings = await checkDeployment({ ...good, ...comgate, COMGATE_TEST: '1' }, fine);
    expect(findings.filter((f) => f.level === 'problem')).toEqual([]);
    expect(findings.map((f) => f.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/no money moves/), expect.stringContaining('https://tickets.example.com/api/v1/payments/comgate/webhook')]),
    );
  });
});
