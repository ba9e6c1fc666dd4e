// GET /api/v1/payouts/bank-account — the caller's bank account for resale payouts, IBAN masked · PUT — add or replace it · DELETE — remove it
import { bankAccountSchema } from '@/lib/schemas/payouts';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody } from '@/lib/server/api/respond';
import { getBankAccount, removeBankAccount, setBankAccount } from '@/lib/server/payouts/bank-account';
import { enforceRateLimit } from '@/lib/server/rate-limit';

const headers = { 'Cache-Control': 'private, no-store' };
/** Changes of one's bank account: plenty for a person, too few for a script trying accounts. */
const writeLimit = (userId: string) => [{ key: `bank-account:user:${userId}`, limit: 20, windowSeconds: 600 }];

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  return json({ bankAccount: await getBankAccount(caller.user) }, { headers });
});

export const PUT = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  await enforceRateLimit(writeLimit(caller.user.id));
  const input = await parseBody(request, bankAccountSchema);
  return json({ bankAccount: await setBankAccount(caller.user, input) }, { headers });
});

export const DELETE = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  await enforceRateLimit(writeLimit(caller.user.id));
  await removeBankAccount(caller.user);
  return json({ bankAccount: null }, { headers });
});
