import 'server-only';
// npm run doctor (scripts/doctor.ts): a deployment's configuration checked before its servers start, each
// problem said in plain words, so an operator learns "SMTP_URL is not set: nobody gets any mail" at the
// deploy rather than from a fan. Rules that already have a home are asked there, not repeated: the mode
// and SESSION_SECRET (lib/server/mode.ts), S3 (lib/server/storage/s3.ts), pending migrations
// (lib/server/db/migration-status.ts). Problems fail the check (exit 1); notes are printed and pass.
import { createServer } from 'node:net';
import { openDatabase } from '@/lib/server/db/client';
import { pendingMigrations } from '@/lib/server/db/migration-status';
import { comgateApiAllowed, ModeError, resolveMode } from '@/lib/server/mode';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import { s3ConfigFromEnv } from '@/lib/server/storage/s3';

type Env = Record<string, string | undefined>;

export type Finding = { level: 'problem' | 'note'; setting: string; message: string };

/** comgateOrganisations: how many organisations take their payments through Comgate (organisations.payment_provider). */
export type DatabaseProbe = { reachable: true; pending: string[]; comgateOrganisations?: number } | { reachable: false; reason: string };

export type DoctorOptions = {
  /** How many hosts run servers: more than one needs shared uploads (S3). */
  hosts?: number;
  /** Connects to DATABASE_URL and lists its pending migrations. */
  probeDatabase?: (url: string) => Promise<DatabaseProbe>;
  /** Whether PORT can be listened on at HOSTNAME (false: something already listens there). */
  portFree?: (port: number, hostname: string | undefined) => Promise<boolean>;
};

const STRIPE_SECRET = /^(sk|rk)_(live|test)_[A-Za-z0-9]{10,}$/;
const STRIPE_WEBHOOK = /^whsec_[A-Za-z0-9+/=]{10,}$/;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
/** A private network's address (RFC 1918, IPv6 unique local): a proxy on another host of the same network. */
const PRIVATE = /^(10\.\d+|172\.(1[6-9]|2\d|3[01])|192\.168)\.\d+\.\d+$|^f[cd][0-9a-f]{2}:/i;

export async function probeDatabase(url: string): Promise<DatabaseProbe> {
  const handle = openDatabase({ url, poolSize: 1 });
  try {
    const pending = await pendingMigrations(handle.db);
    // Before the migration that adds the column (pending above), nobody can have chosen Comgate yet.
    const comgateOrganisations = await handle.db
      .execute(sql`select count(*)::int as n from organisations where payment_provider = 'comgate'`)
      .then((result) => rowsOf<{ n: number }>(result)[0]?.n ?? 0)
      .catch(() => 0);
    return { reachable: true, pending, comgateOrganisations };
  } catch (error) {
    // drizzle wraps the driver's error ("Failed query: …"): its cause says what went wrong (ECONNREFUSED, password…).
    const cause = ((error as { cause?: unknown }).cause ?? error) as { message?: string; code?: string };
    return { reachable: false, reason: cause.message || cause.code || String(cause) };
  } finally {
    await handle.close().catch(() => {});
  }
}

export function portFree(port: number, hostname: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: hostname, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Every finding about this environment, problems first. */
export async function checkDeployment(env: Env, options: DoctorOptions = {}): Promise<Finding[]> {
  const found: Finding[] = [];
  let comgateOrganisations = 0;
  const problem = (setting: string, message: string) => found.push({ level: 'problem', setting, message });
  const note = (setting: string, message: string) => found.push({ level: 'note', setting, message });
  const set = (name: string) => (env[name] ?? '').trim() !== '';

  // The mode: lib/server/mode.ts decides, doctor only reports its words.
  try {
    if (resolveMode(env) === 'demo') {
      problem('SESSION_SECRET', 'SESSION_SECRET is not set, so this would run as the demo (mailbox open to the machine, test payments, demo keys). Set it to 32+ random characters: openssl rand -base64 48.');
    }
  } catch (error) {
    if (!(error instanceof ModeError)) throw error;
    problem(set('TRIBUNA_MODE') && !set('SESSION_SECRET') ? 'TRIBUNA_MODE' : 'SESSION_SECRET', error.message);
  }

  if (set('NODE_ENV') && env.NODE_ENV !== 'production') {
    problem('NODE_ENV', `NODE_ENV is "${env.NODE_ENV}": the servers run as "production" (scripts/serve.mjs sets it); unset it or set it to production.`);
  }

  // The database: a deployment's servers share one PostgreSQL.
  const databaseUrl = (env.DATABASE_URL ?? '').trim();
  if (!databaseUrl) {
    problem('DATABASE_URL', 'DATABASE_URL is not set: the server would use the embedded database in .data/pglite, which only one process on one machine can open. Set it to the PostgreSQL URL, e.g. postgres://tribuna:password@db.example.com:5432/tribuna.');
  } else if (!/^postgres(ql)?:$/.test(parsedUrl(databaseUrl)?.protocol ?? '')) {
    problem('DATABASE_URL', 'DATABASE_URL is not a PostgreSQL URL: it must start with postgres:// (e.g. postgres://tribuna:password@db.example.com:5432/tribuna).');
  } else {
    const probe = await (options.probeDatabase ?? probeDatabase)(databaseUrl);
    if (probe.reachable) comgateOrganisations = probe.comgateOrganisations ?? 0;
    if (!probe.reachable) {
      problem('DATABASE_URL', `The database at DATABASE_URL cannot be reached (${probe.reason}). Check the host, port, user, password and that the database exists.`);
    } else if (probe.pending.length > 0) {
      problem('DATABASE_URL', `The database lacks ${probe.pending.length} migration(s) of this release (${probe.pending.slice(0, 3).join(', ')}${probe.pending.length > 3 ? ', …' : ''}): run npm run db:migrate before starting the servers.`);
    }
  }
  if (env.TRIBUNA_MIGRATE_AT_START !== '0') {
    note('TRIBUNA_MIGRATE_AT_START', 'Every server migrates the database when it starts. A deployment runs npm run db:migrate as its own step and sets TRIBUNA_MIGRATE_AT_START=0 (deploy/systemd/tribuna@.service does).');
  }

  // The public origin and the proxy in front.
  const appUrl = (env.APP_URL ?? '').trim();
  const origin = appUrl ? parsedUrl(appUrl) : null;
  if (!appUrl) {
    problem('APP_URL', 'APP_URL is not set: links in mails, sitemaps and payment redirects would point at http://localhost. Set it to the public origin, e.g. https://tickets.example.com.');
  } else if (!origin || !/^https?:$/.test(origin.protocol)) {
    problem('APP_URL', `APP_URL "${appUrl}" is not a web address; set it to the public origin, e.g. https://tickets.example.com.`);
  } else if (origin.protocol !== 'https:') {
    problem('APP_URL', `APP_URL "${appUrl}" is not https: fans would send passwords and payment redirects in clear. Put TLS in front (deploy/nginx/tribuna.conf) and use the https origin.`);
  }
  if (set('TRUST_PROXY') && env.TRUST_PROXY !== '1') {
    problem('TRUST_PROXY', `TRUST_PROXY is "${env.TRUST_PROXY}": it is either 1 (a reverse proxy sets X-Forwarded-For/-Host/-Proto) or unset.`);
  } else if (env.TRUST_PROXY === '1' && PRIVATE.test((env.HOSTNAME ?? '').trim())) {
    note('TRUST_PROXY', `TRUST_PROXY=1 on the private address ${env.HOSTNAME}: make sure only the proxy can reach port ${env.PORT ?? '3000'} (a firewall), or anyone there could forge X-Forwarded-For.`);
  } else if (env.TRUST_PROXY === '1' && !LOOPBACK.has((env.HOSTNAME ?? '').trim())) {
    problem('TRUST_PROXY', 'TRUST_PROXY=1 but HOSTNAME is neither a loopback nor a private address: anyone reaching the server directly could forge X-Forwarded-For and escape the rate limits. Set HOSTNAME=127.0.0.1 (the proxy on the same machine) or the private address the proxy reaches it on.');
  } else if (env.TRUST_PROXY !== '1' && origin?.protocol === 'https:') {
    problem('TRUST_PROXY', 'APP_URL is https, so a proxy terminates TLS in front of the server (it serves plain HTTP), but TRUST_PROXY is not 1: every fan would look like the proxy and share one rate limit. Set TRUST_PROXY=1.');
  }

  // Ports.
  const portText = (env.PORT ?? '3000').trim();
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    problem('PORT', `PORT "${portText}" is not a port number (1–65535).`);
  } else if (!(await (options.portFree ?? portFree)(port, env.HOSTNAME?.trim() || undefined))) {
    problem('PORT', `Port ${port} is already in use${env.HOSTNAME ? ` on ${env.HOSTNAME}` : ''}: another process listens there. Stop it or give this server another PORT.`);
  }

  // Uploads.
  const s3Names = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'];
  const s3 = s3ConfigFromEnv(env as NodeJS.ProcessEnv);
  if (!s3) {
    const stray = s3Names.filter(set);
    if (stray.length > 0) problem('S3_BUCKET', `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: uploads would go to the local folder. Set S3_BUCKET, or unset the others.`);
    if ((options.hosts ?? 1) > 1) {
      problem('S3_BUCKET', `${options.hosts} hosts run servers but S3_BUCKET is not set: an image uploaded through one host would be missing on the others. Configure S3-compatible storage (S3_BUCKET, S3_ENDPOINT, keys).`);
    }
  } else {
    if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
      problem(set('S3_ACCESS_KEY_ID') ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds its own credentials).');
    }
    if (s3.endpoint && !parsedUrl(s3.endpoint)) problem('S3_ENDPOINT', `S3_ENDPOINT "${s3.endpoint}" is not a URL (e.g. https://<account>.r2.cloudflarestorage.com).`);
    const publicHost = parsedUrl(s3.publicUrl)?.host;
    if (!publicHost) {
      problem('S3_PUBLIC_URL', `S3_PUBLIC_URL "${s3.publicUrl}" is not a URL.`);
    } else if ((env.STORAGE_CDN_HOST ?? '').trim() !== publicHost) {
      problem('STORAGE_CDN_HOST', `STORAGE_CDN_HOST must be ${publicHost} (the host of the image URLs, S3_PUBLIC_URL) or pages will not show the uploaded images.`);
    }
  }

  // Mail.
  const smtp = (env.SMTP_URL ?? '').trim();
  if (!smtp) {
    problem('SMTP_URL', 'SMTP_URL is not set: mails (tickets, password resets, receipts) would stay in the outbox and nobody would receive them. Set it, e.g. smtps://user:password@smtp.example.com:465.');
  } else if (!/^smtps?:$/.test(parsedUrl(smtp)?.protocol ?? '')) {
    problem('SMTP_URL', 'SMTP_URL must start with smtp:// or smtps:// (e.g. smtps://user:password@smtp.example.com:465).');
  }
  if (set('MAIL_FROM') && !/@[^@\s>]+\.[^@\s>]+>?$/.test(env.MAIL_FROM!.trim())) {
    problem('MAIL_FROM', `MAIL_FROM "${env.MAIL_FROM}" has no e-mail address; write it like Tribuna <no-reply@tickets.example.com>.`);
  }

  // Payments.
  const stripeKey = (env.STRIPE_SECRET_KEY ?? '').trim();
  const webhook = (env.STRIPE_WEBHOOK_SECRET ?? '').trim();
  if (!stripeKey) {
    if (env.PAYMENTS_TEST_GATEWAY === '1') note('PAYMENTS_TEST_GATEWAY', 'Payments go through the built-in TEST gateway: no money moves. Right for staging only.');
    else problem('STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY is not set: checkout is refused (503). Set the Stripe secret key (sk_live_…), or PAYMENTS_TEST_GATEWAY=1 on a staging installation.');
  } else {
    if (!STRIPE_SECRET.test(stripeKey)) {
      problem('STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY does not look like a Stripe secret key: it starts with sk_live_ or sk_test_ (or rk_ for a restricted key). A publishable key (pk_…) cannot take payments.');
    } else if (/_test_/.test(stripeKey)) {
      note('STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY is a test-mode key: no money moves.');
    }
    if (!webhook) problem('STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET is not set: Stripe’s payment notices would be refused and paid orders never confirmed. Copy the endpoint’s signing secret (whsec_…).');
    else if (!STRIPE_WEBHOOK.test(webhook)) problem('STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET does not look like a webhook signing secret: it starts with whsec_.');
  }
  if (!stripeKey && webhook) problem('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: set the secret key too.');

  // Comgate: checked when the deployment configures it, or an organisation chose it (organisations.payment_provider).
  const comgateSettings = ['COMGATE_MERCHANT', 'COMGATE_SECRET', 'COMGATE_API_URL', 'COMGATE_TEST'].filter(set);
  if (comgateSettings.length || comgateOrganisations > 0) {
    const chosen = comgateOrganisations > 0 ? `${comgateOrganisations} organisation(s) take their payments through Comgate` : 'Comgate is configured';
    for (const name of ['COMGATE_MERCHANT', 'COMGATE_SECRET']) {
      if (!set(name)) problem(name, `${chosen} but ${name} is not set: their checkout is refused (503) and Comgate’s notices are not answered. Copy it from the Comgate client portal (Integration → Shop settings).`);
    }
    const apiUrl = (env.COMGATE_API_URL ?? '').trim();
    if (apiUrl && !comgateApiAllowed(apiUrl, env)) {
      problem('COMGATE_API_URL', `COMGATE_API_URL "${apiUrl}" is not an https address of another machine: a deployment talks only to Comgate itself (https://payments.comgate.cz/v1.0, the default); a local fake of its API is for the demo and the tests.`);
    }
    const test = (env.COMGATE_TEST ?? '').trim();
    if (test && !['0', '1', 'true', 'false'].includes(test)) problem('COMGATE_TEST', `COMGATE_TEST must be 1 (test payments) or 0, not "${test}".`);
    else if (test === '1' || test === 'true') note('COMGATE_TEST', 'COMGATE_TEST=1: Comgate takes test payments only, no money moves.');
    if (set('COMGATE_MERCHANT') && set('COMGATE_SECRET')) {
      note('COMGATE_MERCHANT', `In the Comgate client portal, set the shop's notification URL (URL pro předání výsledku platby) to ${(env.APP_URL ?? 'https://<your site>').replace(/\/+$/, '')}/api/v1/payments/comgate/webhook and allow the servers' IP addresses.`);
    }
  }

  return [...found.filter((f) => f.level === 'problem'), ...found.filter((f) => f.level === 'note')];
}

/** The report doctor prints: one line per finding, then the verdict. */
export function doctorReport(findings: Finding[]): string {
  const problems = findings.filter((f) => f.level === 'problem').length;
  const lines = findings.map((f) => `${f.level === 'problem' ? '✗' : '·'} ${f.setting}: ${f.message}`);
  lines.push(problems === 0 ? 'The configuration is ready to start.' : `${problems} problem${problems === 1 ? '' : 's'}: fix ${problems === 1 ? 'it' : 'them'} before starting the servers.`);
  return lines.join('\n');
}
