/** The cookie that remembers which organisation the console shows (its id); the server checks membership on every read. */
export const CURRENT_ORG_COOKIE = 'tribuna_org';
export const CURRENT_ORG_MAX_AGE = 60 * 60 * 24 * 365;
