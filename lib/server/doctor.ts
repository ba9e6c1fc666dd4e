import 'server-only';
// npm run doctor (scripts/doctor.ts): a deployment's configuration checked before its servers start, each
// problem said in plain words, so an operator learns "SMTP_URL is not set: nobody gets any mail" at the
// deploy rather than from a fan. Rules that already have a home are asked there, not repeated: the mode
// and SESSION_SECRET (lib/server/mode.ts), S3 (lib/server/storage/s3.ts), pending migrations
// (lib/server/db/migration-status.ts), the payouts' wait (lib/server/payouts/state.ts). Problems fail the check (exit 1); notes are printed and pass.
import { createServer } from 'node:net';
import { openDatabase } from '@/lib/server/db/client';
import { pendingMigrations } from '@/lib/server/db/migration-status';
import { comgateApiAllowed, ModeError, resolveMode } from '@/lib/server/mode';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import { s3ConfigFromEnv } from '@/lib/server/storage/s3';
import { MAX_RATE_PER_MINUTE } from '@/lib/server/queue/rate';
import { payoutWaitHours, PayoutWaitError } from '@/lib/server/payouts/state';
import { compactId, isDic, isIco, isVatId, LEGAL_COUNTRIES, type LegalCountry } from '@/lib/legal-ids';
import { isBic, isIban, normalizeBic, normalizeIban } from '@/lib/payouts/iban';

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

  // Tribuna's own legal identity: the seller on the documents it issues for its fees (lib/server/documents/tribuna.ts,
  // whose defaults are the demo company's).
  const vatText = (env.TRIBUNA_LEGAL_VAT_REGISTERED ?? '').trim();
  if (vatText && vatText !== 'true' && vatText !== 'false') {
    problem('TRIBUNA_LEGAL_VAT_REGISTERED', `TRIBUNA_LEGAL_VAT_REGISTERED must be true or false, not "${vatText}".`);
  }
  const vatRegistered = vatText !== 'false';
  const legalNeeded = ['TRIBUNA_LEGAL_NAME', 'TRIBUNA_LEGAL_STREET', 'TRIBUNA_LEGAL_CITY', 'TRIBUNA_LEGAL_POSTCODE', 'TRIBUNA_LEGAL_ICO', 'TRIBUNA_LEGAL_DIC', ...(vatRegistered ? ['TRIBUNA_LEGAL_VAT_ID'] : [])];
  const legalMissing = legalNeeded.filter((name) => !set(name));
  if (legalMissing.length) {
    problem(
      legalMissing[0],
      `${legalMissing.join(', ')} ${legalMissing.length > 1 ? 'are' : 'is'} not set: the tax documents Tribuna issues for its fees (the fans' service fee, the organisers' platform fee) would name the demo company (Tribuna s. r. o., IČO 51761432) instead. Set Tribuna's own legal name, registered address, IČO, DIČ${vatRegistered ? ' and VAT number (TRIBUNA_LEGAL_VAT_REGISTERED=false if it is no VAT payer)' : ''}.`,
    );
  }
  const countryText = (env.TRIBUNA_LEGAL_COUNTRY ?? 'SK').trim() || 'SK';
  if (!(LEGAL_COUNTRIES as readonly string[]).includes(countryText)) {
    problem('TRIBUNA_LEGAL_COUNTRY', `TRIBUNA_LEGAL_COUNTRY is "${countryText}": Tribuna's documents follow Slovak or Czech rules, so it is SK or CZ.`);
  } else {
    const country = countryText as LegalCountry;
    const countryName = country === 'SK' ? 'Slovak' : 'Czech';
    const ico = compactId(env.TRIBUNA_LEGAL_ICO ?? '');
    const dic = compactId(env.TRIBUNA_LEGAL_DIC ?? '');
    const vatId = compactId(env.TRIBUNA_LEGAL_VAT_ID ?? '');
    if (ico && !isIco(ico)) problem('TRIBUNA_LEGAL_ICO', `TRIBUNA_LEGAL_ICO "${env.TRIBUNA_LEGAL_ICO}" is not a valid IČO (8 digits, the last a check digit): copy it from the business register.`);
    if (dic && !isDic(dic, country)) problem('TRIBUNA_LEGAL_DIC', `TRIBUNA_LEGAL_DIC "${env.TRIBUNA_LEGAL_DIC}" is not a ${countryName} DIČ (${country === 'SK' ? '10 digits' : 'CZ and 8–10 digits'}).`);
    if (vatId && !isVatId(vatId, country)) problem('TRIBUNA_LEGAL_VAT_ID', `TRIBUNA_LEGAL_VAT_ID "${env.TRIBUNA_LEGAL_VAT_ID}" is not a ${countryName} ${country === 'SK' ? 'IČ DPH (SK and 10 digits)' : 'VAT number (CZ and 8–10 digits)'}.`);
  }

  // Payouts: Tribuna's own account the payout files pay from (lib/server/payouts/debtor.ts refuses a run without a valid one).
  const debtorSettings = ['PAYOUT_DEBTOR_IBAN', 'PAYOUT_DEBTOR_IBAN_CZK', 'PAYOUT_DEBTOR_NAME', 'PAYOUT_DEBTOR_BIC', 'PAYOUT_DEBTOR_BIC_CZK'].filter(set);
  if (!debtorSettings.length) {
    note('PAYOUT_DEBTOR_IBAN', 'PAYOUT_DEBTOR_IBAN and PAYOUT_DEBTOR_NAME are not set: no payout run can be prepared (PAYOUT_DEBTOR_MISSING) until Tribuna’s own account is. Set them before the first payouts are due.');
  } else {
    for (const suffix of ['', '_CZK']) {
      const iban = (env[`PAYOUT_DEBTOR_IBAN${suffix}`] ?? '').trim();
      const bic = (env[`PAYOUT_DEBTOR_BIC${suffix}`] ?? '').trim();
      if (iban && !isIban(normalizeIban(iban))) {
        problem(`PAYOUT_DEBTOR_IBAN${suffix}`, `PAYOUT_DEBTOR_IBAN${suffix} "${iban}" is not a valid IBAN (its check digits or length are wrong): ${suffix ? 'CZK' : 'EUR'} payout runs would be refused (PAYOUT_DEBTOR_MISSING).`);
      }
      if (bic && !isBic(normalizeBic(bic))) problem(`PAYOUT_DEBTOR_BIC${suffix}`, `PAYOUT_DEBTOR_BIC${suffix} "${bic}" is not a valid BIC (8 or 11 letters and digits); leave it unset if the bank needs none.`);
    }
    const name = (env.PAYOUT_DEBTOR_NAME ?? '').trim();
    if (name.length < 2 || name.length > 70) problem('PAYOUT_DEBTOR_NAME', 'PAYOUT_DEBTOR_NAME must be the account holder’s name, 2–70 characters: without it every payout run is refused (PAYOUT_DEBTOR_MISSING).');
  }

  // How long after an event its payouts wait: lib/server/payouts/state.ts reads it, doctor only reports its words.
  try {
    if (payoutWaitHours(env) === 0) note('PAYOUT_WAIT_HOURS', 'PAYOUT_WAIT_HOURS=0: payouts are due as soon as their event ended, so a cancellation or a date moved on the night cannot stop money already paid out. Right for staging and the tests.');
  } catch (error) {
    if (!(error instanceof PayoutWaitError)) throw error;
    problem('PAYOUT_WAIT_HOURS', error.message);
  }

  // Metrics (lib/server/serving/server.ts): on METRICS_PORT, and with METRICS_TOKEN to its bearer on either port.
  const metricsToken = (env.METRICS_TOKEN ?? '').trim();
  const metricsPortText = (env.METRICS_PORT ?? '').trim();
  const metricsHost = (env.METRICS_HOST ?? '').trim() || '127.0.0.1';
  if (metricsPortText) {
    const metricsPort = Number(metricsPortText);
    if (!/^\d+$/.test(metricsPortText) || metricsPort < 1 || metricsPort > 65535) problem('METRICS_PORT', `METRICS_PORT "${metricsPortText}" is not a port number (1–65535).`);
    else if (metricsPortText === portText) problem('METRICS_PORT', `METRICS_PORT is PORT (${portText}): the metrics need a port of their own, or unset METRICS_PORT and scrape with METRICS_TOKEN.`);
    else if (!metricsToken && !LOOPBACK.has(metricsHost)) {
      problem('METRICS_HOST', `METRICS_PORT listens on ${metricsHost} without METRICS_TOKEN: anyone who reaches that address reads the metrics. Set METRICS_TOKEN (openssl rand -hex 24) or keep METRICS_HOST on 127.0.0.1.`);
    }
  }
  if (metricsToken && metricsToken.length < 24) {
    problem('METRICS_TOKEN', 'METRICS_TOKEN is shorter than 24 characters: the public port serves /metrics to whoever guesses it. Use openssl rand -hex 24.');
  }
  if (!metricsPortText && !metricsToken) {
    note('METRICS_PORT', 'Neither METRICS_PORT nor METRICS_TOKEN is set: /metrics is served nowhere. Set METRICS_PORT for a Prometheus on this host, or METRICS_TOKEN for one that scrapes each server’s port with the token.');
  }

  // Waiting rooms: the default rate of a room whose organiser set none (lib/server/queue/rate.ts).
  const rate = (env.QUEUE_RATE_PER_MINUTE ?? '').trim();
  if (rate && !(/^\d+$/.test(rate) && Number(rate) >= 1 && Number(rate) <= MAX_RATE_PER_MINUTE)) {
    problem('QUEUE_RATE_PER_MINUTE', `QUEUE_RATE_PER_MINUTE "${rate}" is not a whole number from 1 to ${MAX_RATE_PER_MINUTE}: the fans a waiting room admits a minute when its organiser set no rate (default 1200, a third of what the hold path serves).`);
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
