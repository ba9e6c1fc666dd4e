import 'server-only';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { confirmRun, prepareAllRuns, SYSTEM_ACTOR } from './runs';
import { majorUnits } from '@/lib/money';

// npm run payouts:run — the payout run from a terminal (scripts/payouts-run.ts), as the system actor:
//   npm run payouts:run [-- --out <folder>]     prepares a run per currency with due payouts and writes each file
//   npm run payouts:run -- --confirm <runId>    the bank executed that run's file: its payouts are paid

export const DEFAULT_OUT = path.join('.data', 'payouts');

const money = (minor: number, currency: string) => `${majorUnits(minor)} ${currency}`;

/** Runs the command; answers the exit code. `print` gets each line of the report. */
export async function runPayoutsCli(argv: string[], print: (line: string) => void = console.log, now = new Date()): Promise<number> {
  const option = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? (argv[at + 1] ?? '') : undefined;
  };
  const confirm = option('--confirm');
  if (confirm !== undefined) {
    if (!/^[0-9a-f-]{36}$/i.test(confirm)) {
      print('Usage: npm run payouts:run -- --confirm <runId>');
      return 2;
    }
    const result = await confirmRun(SYSTEM_ACTOR, confirm, now);
    if (!result.ok) {
      print(`Run ${confirm} not confirmed: ${result.code}`);
      return 1;
    }
    const { run } = result;
    print(result.changed ? `Run ${run.id} confirmed: ${run.payoutCount} payouts, ${money(run.totalAmount, run.currency)}, paid.` : `Run ${run.id} was already confirmed; nothing changed.`);
    return 0;
  }

  const out = option('--out') || DEFAULT_OUT;
  const { runs, failures } = await prepareAllRuns(now);
  for (const failure of failures) print(`${failure.currency}: no run prepared (${failure.code})`);
  if (!runs.length) {
    print(failures.length ? 'No run prepared.' : 'Nothing is due: no run prepared.');
    return failures.length ? 1 : 0;
  }
  mkdirSync(out, { recursive: true });
  for (const { run, filename, xml } of runs) {
    const file = path.join(out, filename);
    writeFileSync(file, xml);
    print(`${run.currency}: run ${run.id}, ${run.payoutCount} payouts, ${money(run.totalAmount, run.currency)} → ${file}`);
  }
  print('Send each file to the bank, then: npm run payouts:run -- --confirm <runId>');
  return failures.length ? 1 : 0;
}
