// Types of scripts/client-address.mjs (plain JavaScript, run by Node outside the app's bundle).
import type { IncomingMessage } from 'node:http';

type PeerRequest = { socket?: { remoteAddress?: string }; headers?: IncomingMessage['headers'] };
export type ConnectionPeer = { address: string | null; forwarded: boolean };

export function setClientAddress(req: Pick<IncomingMessage, 'headers'> & PeerRequest, options?: { trustProxy?: boolean }): void;
export function dropForwardedHeaders(req: Pick<IncomingMessage, 'headers'>, options?: { trustProxy?: boolean }): void;
export function runWithPeer<T>(req: PeerRequest, handle: () => T): T;
export function connectionPeer(): ConnectionPeer | null;
export function isLoopback(address: string | null | undefined): boolean;
