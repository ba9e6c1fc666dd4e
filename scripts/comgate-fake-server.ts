// Runs the local fake of Comgate's API (scripts/comgate-fake.ts) for the e2e server and the demo:
//   COMGATE_FAKE_PORT=3361 COMGATE_MERCHANT=… COMGATE_SECRET=… COMGATE_FAKE_NOTIFY_URL=http://127.0.0.1:3360/api/v1/payments/comgate/webhook npx tsx scripts/comgate-fake-server.ts
// Never on a deployment: a deployment refuses a Comgate that is not https on another machine (lib/server/mode.ts).
import { startComgateFake } from './comgate-fake';

const merchant = process.env.COMGATE_MERCHANT;
const secret = process.env.COMGATE_SECRET;
if (!merchant || !secret) {
  console.error('COMGATE_MERCHANT and COMGATE_SECRET are needed');
  process.exit(1);
}
void startComgateFake({
  merchant,
  secret,
  port: Number(process.env.COMGATE_FAKE_PORT || 0),
  notifyUrl: process.env.COMGATE_FAKE_NOTIFY_URL,
}).then((fake) => {
  console.log(`Comgate fake: ${fake.apiUrl}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void fake.close().then(() => process.exit(0)));
});
