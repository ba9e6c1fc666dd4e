// A local fake of Comgate's payment API, for the tests and the demo only: never part of a deployment
// (lib/server/mode.ts comgateApiAllowed refuses a non-https or local Comgate outside the demo).
// It follows Comgate's documented HTTP protocol (https://apidoc.comgate.cz/en/,
// https://help.comgate.cz/docs/protocol-api-en): form-encoded POSTs of merchant + secret to
// /v1.0/create (prepareOnly, answers transId and a redirect to its payment page), /v1.0/status,
// /v1.0/refund (whole or partial, never more than was paid) and /v1.0/cancel (a PENDING payment); every
// answer is form-encoded with code (0 = OK) and message. Its payment page offers what Comgate's does —
// card, Apple Pay, Google Pay and the Czech and Slovak bank buttons — plus a declined card and a cancel;
// a change of state is announced by a background form POST (merchant, secret, transId, refId, status,
// price, curr, …) to the shop's notification URL, then the payer is sent back to url_paid / url_cancelled.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export type FakeTransaction = {
  transId: string;
  refId: string;
  price: number;
  curr: string;
  label: string;
  email: string;
  lang: string;
  method: string;
  test: boolean;
  status: 'PENDING' | 'PAID' | 'CANCELLED';
  urlPaid: string;
  urlCancelled: string;
  /** What the payer chose on the page (e.g. BANK_CZ_CS, CARD_CZ_CSOB_2, APPLEPAY_REDIRECT). */
  paidWith: string | null;
  declined: number;
  refunds: { amount: number; refId: string }[];
};

export type ComgateFakeOptions = {
  merchant: string;
  secret: string;
  port?: number;
  host?: string;
  /** Where notices go (a form POST); or `deliver` to hand them over in-process (Jest). */
  notifyUrl?: string;
  deliver?: (body: string) => Promise<void>;
};

export type ComgateFake = {
  /** The API base, as COMGATE_API_URL (…/v1.0). */
  apiUrl: string;
  origin: string;
  transactions: Map<string, FakeTransaction>;
  /** Sends the transaction's notice again (Comgate repeats notices; also a late one). */
  notify(transId: string, overrides?: Record<string, string>): Promise<void>;
  /** What the payer does on the payment page, without a browser. */
  act(transId: string, choice: string): Promise<{ location: string | null }>;
  close(): Promise<void>;
};

const BANKS: { code: string; name: string; country: 'CZ' | 'SK' }[] = [
  { code: 'BANK_CZ_CS', name: 'Česká spořitelna', country: 'CZ' },
  { code: 'BANK_CZ_CSOB', name: 'ČSOB', country: 'CZ' },
  { code: 'BANK_CZ_KB', name: 'Komerční banka', country: 'CZ' },
  { code: 'BANK_CZ_FB', name: 'Fio banka', country: 'CZ' },
  { code: 'BANK_CZ_RB', name: 'Raiffeisenbank', country: 'CZ' },
  { code: 'BANK_SK_TB', name: 'Tatra banka', country: 'SK' },
  { code: 'BANK_SK_SLSP', name: 'Slovenská sporiteľňa', country: 'SK' },
  { code: 'BANK_SK_VUB', name: 'VÚB banka', country: 'SK' },
  { code: 'BANK_SK_CSOB', name: 'ČSOB (SK)', country: 'SK' },
];
const WALLETS = [
  { code: 'CARD_CZ_CSOB_2', name: 'Platba kartou' },
  { code: 'APPLEPAY_REDIRECT', name: 'Apple Pay' },
  { code: 'GOOGLEPAY_REDIRECT', name: 'Google Pay' },
];
const CURRENCIES: Record<string, number> = { CZK: 100, EUR: 10 };

function transId(): string {
  const part = () => randomBytes(2).toString('hex').toUpperCase();
  return `${part()}-${part()}-${part()}`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, fields: Record<string, string | number | boolean>) {
  response.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
  response.end(new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString());
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(tx: FakeTransaction, note: string | null): string {
  const amount = `${(tx.price / 100).toFixed(2)} ${tx.curr}`;
  const button = (code: string, name: string) =>
    `<form method="post" action="/pay/${tx.transId}"><input type="hidden" name="choice" value="${code}"><button type="submit">${escape(name)}</button></form>`;
  const done = tx.status !== 'PENDING';
  return `<!doctype html><html lang="cs"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Comgate (test) – ${escape(tx.label)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:1rem auto;padding:0 1rem}button{width:100%;min-height:44px;margin:.25rem 0;font-size:1rem}h2{font-size:1.05rem;margin-top:1.25rem}p.note{background:#fee2e2;padding:.5rem}</style></head>
<body><main><h1>Comgate – testovací brána</h1>
<p>${escape(tx.label)}: <strong data-testid="comgate-amount">${escape(amount)}</strong></p>
${note ? `<p class="note" role="alert">${escape(note)}</p>` : ''}
${
  done
    ? `<p>Platba je ve stavu ${tx.status}.</p>`
    : `<h2>Karta a peněženky</h2>${WALLETS.map((w) => button(w.code, w.name)).join('')}
<h2>Platební tlačítka bank</h2>${BANKS.map((b) => button(b.code, b.name)).join('')}
<h2>Test</h2>${button('DECLINE', 'Zamítnutá karta')}${button('CANCEL', 'Zrušit platbu')}`
}</main></body></html>`;
}

export async function startComgateFake(options: ComgateFakeOptions): Promise<ComgateFake> {
  const transactions = new Map<string, FakeTransaction>();
  let origin = '';

  const noticeBody = (tx: FakeTransaction, overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      merchant: options.merchant,
      test: String(tx.test),
      price: String(tx.price),
      curr: tx.curr,
      label: tx.label,
      refId: tx.refId,
      method: tx.paidWith ?? tx.method,
      email: tx.email,
      transId: tx.transId,
      secret: options.secret,
      status: tx.status,
      ...overrides,
    }).toString();

  async function notify(id: string, overrides?: Record<string, string>) {
    const tx = transactions.get(id);
    if (!tx) throw new Error(`no transaction ${id}`);
    const body = noticeBody(tx, overrides);
    if (options.deliver) return options.deliver(body);
    if (!options.notifyUrl) return;
    // Comgate repeats a notice that is not answered with HTTP 200; the fake tries a few times.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const response = await fetch(options.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
        if (response.ok) return;
      } catch {
        // the shop is not answering: try again
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }

  /** The payer's choice on the page: the new location to send them to, if any. */
  async function act(id: string, choice: string): Promise<{ location: string | null; note?: string }> {
    const tx = transactions.get(id);
    if (!tx || tx.status !== 'PENDING') return { location: null };
    if (choice === 'DECLINE') {
      // Comgate keeps a declined card's payment PENDING: the payer may try another card or bank.
      tx.declined++;
      return { location: null, note: 'Platba kartou byla zamítnuta. Zkuste jiný způsob platby.' };
    }
    if (choice === 'CANCEL') {
      tx.status = 'CANCELLED';
      await notify(id);
      return { location: tx.urlCancelled || null };
    }
    const known = [...BANKS.map((b) => b.code), ...WALLETS.map((w) => w.code)];
    if (!known.includes(choice)) return { location: null };
    tx.status = 'PAID';
    tx.paidWith = choice;
    await notify(id);
    return { location: tx.urlPaid || null };
  }

  const server: Server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://fake');
      const pay = /^\/pay\/([A-Z0-9-]+)$/.exec(url.pathname);
      if (pay && request.method === 'GET') {
        const tx = transactions.get(pay[1]);
        if (!tx) return void response.writeHead(404).end('Unknown payment');
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void response.end(page(tx, null));
      }
      if (pay && request.method === 'POST') {
        const tx = transactions.get(pay[1]);
        if (!tx) return void response.writeHead(404).end('Unknown payment');
        const choice = new URLSearchParams(await readBody(request)).get('choice') ?? '';
        const result = await act(tx.transId, choice);
        if (result.location) return void response.writeHead(303, { location: result.location }).end();
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void response.end(page(tx, result.note ?? null));
      }
      const api = /^\/v1\.0\/(create|status|refund|cancel)$/.exec(url.pathname);
      if (!api || request.method !== 'POST') return void response.writeHead(404).end();
      const form = new URLSearchParams(await readBody(request));
      if (form.get('merchant') !== options.merchant || form.get('secret') !== options.secret) {
        return answer(response, { code: 1400, message: 'Invalid merchant or secret' });
      }
      if (api[1] === 'create') {
        const price = Number(form.get('price'));
        const curr = form.get('curr') ?? 'CZK';
        const label = form.get('label') ?? '';
        if (!(curr in CURRENCIES)) return answer(response, { code: 1400, message: 'Unsupported currency' });
        if (!Number.isInteger(price) || price < CURRENCIES[curr]) return answer(response, { code: 1400, message: 'Invalid price' });
        if (label.length < 1 || label.length > 16) return answer(response, { code: 1400, message: 'Invalid label' });
        if (!form.get('refId') || !form.get('method') || !form.get('email')) return answer(response, { code: 1400, message: 'Missing refId, method or email' });
        if (form.has('country') && !/^(ALL|[A-Z]{2})$/.test(form.get('country')!)) return answer(response, { code: 1400, message: 'Invalid country' });
        if (form.get('prepareOnly') !== 'true') return answer(response, { code: 1400, message: 'prepareOnly must be true for a background create' });
        const tx: FakeTransaction = {
          transId: transId(),
          refId: form.get('refId')!,
          price,
          curr,
          label,
          email: form.get('email')!,
          lang: form.get('lang') ?? 'cs',
          method: form.get('method')!,
          test: form.get('test') === 'true',
          status: 'PENDING',
          urlPaid: form.get('url_paid') ?? '',
          urlCancelled: form.get('url_cancelled') ?? '',
          paidWith: null,
          declined: 0,
          refunds: [],
        };
        transactions.set(tx.transId, tx);
        return answer(response, { code: 0, message: 'OK', transId: tx.transId, redirect: `${origin}/pay/${tx.transId}` });
      }
      const tx = transactions.get(form.get('transId') ?? '');
      if (!tx) return answer(response, { code: 1400, message: 'Unknown transaction' });
      if (api[1] === 'status') {
        return answer(response, {
          code: 0,
          message: 'OK',
          merchant: options.merchant,
          test: tx.test,
          price: tx.price,
          curr: tx.curr,
          label: tx.label,
          refId: tx.refId,
          method: tx.paidWith ?? tx.method,
          email: tx.email,
          transId: tx.transId,
          status: tx.status,
        });
      }
      if (api[1] === 'refund') {
        const amount = Number(form.get('amount'));
        if (tx.status === 'CANCELLED') return answer(response, { code: 1401, message: 'Refunded payment is in CANCELLED status' });
        if (tx.status !== 'PAID') return answer(response, { code: 1400, message: 'Payment is not paid' });
        if ((form.get('curr') ?? 'CZK') !== tx.curr) return answer(response, { code: 1400, message: 'Currency does not match the payment' });
        const refunded = tx.refunds.reduce((sum, r) => sum + r.amount, 0);
        if (!Number.isInteger(amount) || amount < 1 || refunded + amount > tx.price) return answer(response, { code: 1402, message: 'Refund amount higher than allowed' });
        tx.refunds.push({ amount, refId: form.get('refId') ?? '' });
        return answer(response, { code: 0, message: 'OK' });
      }
      // cancel
      if (tx.status !== 'PENDING') return answer(response, { code: 1400, message: 'Payment is not PENDING' });
      tx.status = 'CANCELLED';
      // Announced in the background, as Comgate does: the caller does not wait for the shop's answer to it.
      void notify(tx.transId).catch(() => undefined);
      return answer(response, { code: 0, message: 'OK' });
    } catch (error) {
      response.writeHead(500).end(error instanceof Error ? error.message : 'error');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    apiUrl: `${origin}/v1.0`,
    origin,
    transactions,
    notify,
    act: async (id, choice) => ({ location: (await act(id, choice)).location }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
