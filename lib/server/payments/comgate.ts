import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { comgateApiAllowed } from '@/lib/server/mode';
import { WebhookSignatureError, type PaymentNotice, type PaymentProvider } from './types';

// Comgate (https://www.comgate.cz), the payment gateway of Czech and Slovak shops: cards, Apple Pay,
// Google Pay and the Czech and Slovak bank buttons on its own payment page. Its HTTP protocol, spoken
// here with plain fetch and form-encoded bodies (no SDK): https://apidoc.comgate.cz/en/ and
// https://help.comgate.cz/docs/protocol-api-en. Every call is a POST of merchant + secret and the
// call's fields to {COMGATE_API_URL}/{create|status|refund|cancel}; every answer is form-encoded with
// `code` (0 = OK) and `message`. docs/decisions/comgate.md.

type Env = Record<string, string | undefined>;

export const COMGATE_DEFAULT_API_URL = 'https://payments.comgate.cz/v1.0';
/** A call to Comgate gives up after this long (the refund queue's lease is far longer: payments/refunds.ts). */
const CALL_TIMEOUT_MS = 30_000;

export type ComgateConfig = { merchant: string; secret: string; apiUrl: string; test: boolean };

/** The deployment's Comgate account, or null when it has none (COMGATE_MERCHANT and COMGATE_SECRET unset). */
export function comgateConfig(env: Env = process.env): ComgateConfig | null {
  const merchant = (env.COMGATE_MERCHANT ?? '').trim();
  const secret = (env.COMGATE_SECRET ?? '').trim();
  if (!merchant || !secret) return null;
  const apiUrl = ((env.COMGATE_API_URL ?? '').trim() || COMGATE_DEFAULT_API_URL).replace(/\/+$/, '');
  // A deployment talks only to an https Comgate: a local fake (scripts/comgate-fake.ts) is for the demo and the tests.
  if (!comgateApiAllowed(apiUrl, env)) return null;
  return { merchant, secret, apiUrl, test: env.COMGATE_TEST === '1' || env.COMGATE_TEST === 'true' };
}

export class ComgateError extends Error {
  constructor(
    readonly operation: string,
    readonly code: string,
    message: string,
  ) {
    super(`Comgate ${operation}: code ${code}: ${message}`);
  }
}

async function call(config: ComgateConfig, operation: 'create' | 'status' | 'refund' | 'cancel', fields: Record<string, string>): Promise<URLSearchParams> {
  const body = new URLSearchParams({ merchant: config.merchant, ...fields, secret: config.secret });
  const response = await fetch(`${config.apiUrl}/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/x-www-form-urlencoded' },
    body,
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!response.ok) throw new ComgateError(operation, `HTTP ${response.status}`, response.statusText);
  const answer = new URLSearchParams(await response.text());
  const code = answer.get('code') ?? '';
  if (code !== '0') throw new ComgateError(operation, code || 'none', answer.get('message') ?? '');
  return answer;
}

/** Comgate's label: 1–16 characters, shown in its portal. */
function label(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  return (text.length > 16 ? text.slice(0, 16).trim() : text) || 'Tribuna';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A payment's state at Comgate (its status call): the one source Tribuna believes. */
export type ComgateStatus = { transId: string; refId: string; status: string; price: number; curr: string };

export async function comgateStatus(config: ComgateConfig, transId: string): Promise<ComgateStatus> {
  const answer = await call(config, 'status', { transId });
  return {
    transId: answer.get('transId') ?? transId,
    refId: answer.get('refId') ?? '',
    status: (answer.get('status') ?? '').toUpperCase(),
    price: Number(answer.get('price')),
    curr: (answer.get('curr') ?? '').toUpperCase(),
  };
}

function configured(): ComgateConfig {
  const config = comgateConfig();
  if (!config) throw new Error('Comgate is not configured (COMGATE_MERCHANT, COMGATE_SECRET)');
  return config;
}

/**
 * Comgate behind the provider interface. Its payment is created in the background (prepareOnly) and the fan
 * is sent to its page; its notice is a form POST from Comgate that carries the merchant's secret, and is
 * believed only after asking Comgate's status call for that transaction (the documented verification): the
 * outcome, amount and currency Tribuna acts on are the status call's, never the notice's.
 */
export const comgateProvider: PaymentProvider = {
  name: 'comgate',
  async createPayment(input) {
    const config = configured();
    const minutes = Math.max(30, Math.ceil((input.expiresAt.getTime() - Date.now()) / 60_000));
    const answer = await call(config, 'create', {
      test: String(config.test),
      price: String(input.amount),
      curr: input.currency,
      label: label(input.description),
      refId: input.paymentId,
      // ALL: every method the shop has (cards, Apple Pay, Google Pay, the CZ and SK bank buttons).
      method: 'ALL',
      email: input.buyerEmail,
      lang: input.locale,
      // Both countries' bank buttons: a Slovak fan may buy a Prague match in CZK, and the other way round.
      country: 'ALL',
      prepareOnly: 'true',
      // Comgate needs at least 30 minutes; a payment completed after the hold ran out is handled as late.
      expirationTime: `${minutes}m`,
      url_paid: input.successUrl,
      url_cancelled: input.cancelUrl,
      url_pending: input.successUrl,
    });
    const transId = answer.get('transId');
    const redirect = answer.get('redirect');
    if (!transId || !redirect) throw new ComgateError('create', '0', 'no transId or redirect in the answer');
    return { redirectUrl: redirect, providerRef: transId };
  },
  async parseWebhook(rawBody) {
    const config = comgateConfig();
    if (!config) throw new WebhookSignatureError('not configured');
    const form = new URLSearchParams(rawBody);
    const transId = form.get('transId');
    if (!transId || form.get('merchant') !== config.merchant || !sameSecret(form.get('secret') ?? '', config.secret)) {
      throw new WebhookSignatureError('merchant or secret');
    }
    // The notice only says "look at this payment": what happened is what Comgate's status call answers.
    let status: ComgateStatus;
    try {
      status = await comgateStatus(config, transId);
    } catch (error) {
      // Comgate does not know this transaction for this merchant: a forged notice.
      if (error instanceof ComgateError && !error.code.startsWith('HTTP')) throw new WebhookSignatureError('unknown transaction');
      throw error;
    }
    return noticeOf(status);
  },
  async refund(payment) {
    if (!payment.providerRef) return;
    const config = configured();
    const state = await comgateStatus(config, payment.providerRef);
    // Comgate's refund has no idempotency key; refId carries ours so a refund can be found in its portal.
    // Never more than Comgate took (a payment refused for its amount gives back what was really paid).
    await call(config, 'refund', {
      transId: payment.providerRef,
      amount: String(Number.isFinite(state.price) && state.price > 0 ? Math.min(payment.amount, state.price) : payment.amount),
      curr: state.curr,
      test: String(config.test),
      refId: payment.idempotencyKey,
    });
  },
  async cancelPayment(payment) {
    // Only a PENDING payment can be cancelled; one paid meanwhile is refunded when its notice arrives.
    if (payment.providerRef) await call(configured(), 'cancel', { transId: payment.providerRef });
  },
};

/** Comgate's states → our outcomes. PENDING (the fan is still paying, or a card was declined and may be retried) says nothing yet. */
function noticeOf(status: ComgateStatus): PaymentNotice | null {
  const base = {
    // One event per payment and state: a notice repeated by Comgate, or sent again, is one event.
    eventId: `comgate_${status.transId}_${status.status}`,
    paymentId: status.refId || undefined,
    providerRef: status.transId,
    amount: Number.isFinite(status.price) ? status.price : undefined,
    currency: status.curr || undefined,
  };
  switch (status.status) {
    case 'PAID':
      return { ...base, outcome: 'succeeded' };
    case 'CANCELLED':
      return { ...base, outcome: 'cancelled' };
    default:
      return null;
  }
}
