// Types of lib/i18n/accept-language.mjs (plain JavaScript, shared with scripts/request-guard.mjs).
export function matchAcceptLanguage<L extends string>(header: string | null | undefined, supported: readonly L[]): L | null;
