// Types of scripts/request-guard.mjs (plain JavaScript, run by Node outside the app's bundle).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export function answerLocale(headers: IncomingHttpHeaders | Record<string, string>): 'sk' | 'cs' | 'en';
export function refuse(req: IncomingMessage, res: ServerResponse, status: number, code: string, key: string): void;
export function refuseBodyTooLarge(req: IncomingMessage, res: ServerResponse): void;
export function bodyLimitOf(req: IncomingMessage): number;
export function guardRequest(req: IncomingMessage, res: ServerResponse): boolean;
