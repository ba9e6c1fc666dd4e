import 'server-only';
import { Document } from 'sepa';
import type { Debtor } from './debtor';

// The payout file: an ISO 20022 customer credit transfer initiation (pain.001), written by sepa.js.
// EUR: pain.001.001.09, the SEPA credit transfer of the EPC rulebooks since November 2023.
// CZK: pain.001.001.03 with Ccy CZK, service level NURG (a non-urgent domestic payment) and shared
// charges — the Czech Banking Association's XML format for domestic payments, which Czech banks import.
// sepa.js writes the SEPA service level and charge bearer into every file, so the CZK file has those
// two elements replaced (see README, Decisions).

export type FilePayment = {
  /** The payout's id: the end-to-end id the bank reports back. */
  payoutId: string;
  amountMinor: number;
  iban: string;
  bic: string | null;
  holderName: string;
  eventSlug: string;
  /** The transfer's text when it is not a resale payout's (an organiser's payout: payouts/organisers.ts). */
  remittance?: string;
};

export type PayoutFile = { messageId: string; currency: 'EUR' | 'CZK'; createdAt: Date; debtor: Debtor; payments: FilePayment[] };

export const PAIN_FORMAT = { EUR: 'pain.001.001.09', CZK: 'pain.001.001.03' } as const;

/**
 * Text in the SEPA character set (Latin letters, digits, / - ? : ( ) . , ' + and space): banks may
 * refuse or garble anything else, so "Dvořák" goes out as "Dvorak".
 */
export function sepaText(text: string, max: number): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[łŁ]/g, (c) => (c === 'ł' ? 'l' : 'L'))
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trim();
}

/** The end-to-end id of a payout: its uuid without dashes (32 characters; the field holds 35). */
export function endToEndId(payoutId: string): string {
  return payoutId.replace(/-/g, '');
}

export function remittanceOf(payment: Pick<FilePayment, 'payoutId' | 'eventSlug' | 'remittance'>): string {
  if (payment.remittance) return `${payment.remittance} ${payment.payoutId.slice(0, 8)}`.slice(0, 140);
  return `Tribuna resale ${payment.eventSlug} ${payment.payoutId.slice(0, 8)}`.slice(0, 140);
}

/** The XML of a run's file. Amounts go out in major units with two decimals (EUR cents, CZK haléře). */
export function buildPain001(file: PayoutFile): string {
  const format = PAIN_FORMAT[file.currency];
  const doc = new Document(format);
  doc.grpHdr.id = file.messageId;
  doc.grpHdr.created = file.createdAt;
  doc.grpHdr.initiatorName = sepaText(file.debtor.name, 70);

  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = file.createdAt;
  info.debtorIBAN = file.debtor.iban;
  info.debtorBIC = file.debtor.bic ?? '';
  info.debtorName = sepaText(file.debtor.name, 70);
  info.batchBooking = true;
  doc.addPaymentInfo(info);

  for (const payment of file.payments) {
    const tx = info.createTransaction();
    tx.creditorName = sepaText(payment.holderName, 70) || 'Tribuna seller';
    tx.creditorIBAN = payment.iban;
    tx.creditorBIC = payment.bic ?? '';
    tx.amount = payment.amountMinor / 100;
    tx.currency = file.currency;
    tx.end2endId = endToEndId(payment.payoutId);
    tx.remittanceInfo = sepaText(remittanceOf(payment), 140);
    info.addTransaction(tx);
  }
  const xml = doc.toString();
  if (file.currency === 'EUR') return xml;
  // Domestic koruna payment: no SEPA service level, and charges shared (SLEV is the SEPA scheme's).
  return replaceOnce(replaceOnce(xml, '<SvcLvl><Cd>SEPA</Cd></SvcLvl>', '<SvcLvl><Cd>NURG</Cd></SvcLvl>'), '<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>SHAR</ChrgBr>');
}

function replaceOnce(xml: string, from: string, to: string): string {
  if (!xml.includes(from)) throw new Error(`pain.001: sepa.js no longer writes ${from}`);
  return xml.replace(from, to);
}
