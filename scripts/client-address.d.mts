// Types of scripts/client-address.mjs (plain JavaScript, run by Node outside the app's bundle).
import type { IncomingMessage } from 'node:http';

export function setClientAddress(req: Pick<IncomingMessage, 'headers'> & { socket?: { remoteAddress?: string } }, options?: { trustProxy?: boolean }): void;
