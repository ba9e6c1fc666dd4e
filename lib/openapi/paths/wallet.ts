// The Tribuna wallet (issue 18 item 3); releasing one match of a season ticket for credit is the seasons module's.
import { walletSchema } from '@/lib/schemas/wallet';
import { jsonResponse, type ApiPaths } from '../builder';
import { auth, unauthorized } from './common';

export const walletPaths: ApiPaths = {
  '/api/v1/wallet': {
    get: {
      tags: ['tickets'],
      security: auth,
      summary: 'The caller’s Tribuna wallet: credit per organiser (released season seats that sold, less what orders used) and the newest 50 entries. The cart takes it off its total (walletCredit), checkout spends it once',
      responses: { 200: jsonResponse('Wallets and entries', walletSchema), 401: unauthorized },
    },
  },
};
