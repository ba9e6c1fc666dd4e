import 'server-only';
// The Tribuna wallet over the API: the caller's credit per organiser and its newest entries.
import { defineModule, operation } from '@/lib/server/api/operation';
import { walletSchema } from '@/lib/schemas/wallet';
import { myWallet } from '.';

export default defineModule({
  name: 'wallet',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/wallet',
      summary:
        'The caller’s Tribuna wallet: credit per organiser (released season seats that sold, less what orders used) and the newest 50 entries. The cart takes it off its total (walletCredit), checkout spends it once',
      access: 'signed-in',
      answer: walletSchema,
      failures: [],
      handle: async ({ caller }) => myWallet(caller.user),
    }),
  ],
});
