// Types of scripts/listen.mjs (plain JavaScript, run by Node outside the app's bundle).
import type { Server } from 'node:net';

export function isWildcard(address: string): boolean;
export function listen(server: Server, options: { port: number; hostname?: string }): Promise<string>;
export function selfAddress(server: Server): string;
