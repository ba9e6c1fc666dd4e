// Types of lib/page-requests.mjs (plain JavaScript, shared by proxy.ts and scripts/request-guard.mjs).
export function isPagePath(pathname: string): boolean;
export function isBadRouterState(header: string | string[] | null | undefined): boolean;
export function isBadPageRequest(method: string, path: string, header: (name: string) => string | string[] | null | undefined): boolean;
