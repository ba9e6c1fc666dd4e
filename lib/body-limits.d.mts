// Types of lib/body-limits.mjs (plain JavaScript, shared with scripts/serve.mjs outside the app's bundle).
export const JSON_API_BODY_LIMIT: number;
export const WEBHOOK_BODY_LIMIT: number;
export const IMAGE_UPLOAD_BODY_LIMIT: number;
export const OTHER_BODY_LIMIT: number;
export const LAYOUT_BODY_LIMIT: number;
export function bodyLimitFor(pathname: string): number;
