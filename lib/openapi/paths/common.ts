// Answers many endpoints share, for the modules of ./paths.
import { errorResponse } from '../builder';

export const auth = [{ bearer: [] }, { cookie: [] }];
export const unauthorized = errorResponse('No live session (UNAUTHENTICATED)');
export const crossSite = errorResponse('Sent by a browser from another site without a bearer token (CROSS_SITE), or a cookie-authenticated change without X-XSRF-TOKEN');
export const notJson = errorResponse('The body is not application/json (UNSUPPORTED_MEDIA_TYPE)');
export const tooMany = errorResponse('Too many attempts (RATE_LIMITED); Retry-After says how many seconds until the next may go');
export const invalid = errorResponse('Invalid input (VALIDATION), one entry per field');
