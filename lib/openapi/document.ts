// The OpenAPI 3.1 document of REST API v1 (the native app's contract), assembled from ./paths.
import type { ApiPaths } from './builder';
import { pathModules } from './paths';
import { operationPaths } from '@/lib/server/api/openapi';

export function openApiDocument(serverUrl?: string) {
  const paths: ApiPaths = {};
  for (const module of pathModules) {
    for (const [path, item] of Object.entries(module)) paths[path] = { ...paths[path], ...item };
  }
  for (const [path, item] of Object.entries(operationPaths())) paths[path] = { ...paths[path], ...item };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tribuna API',
      version: '1',
      description:
        'Money is integer minor units plus an ISO currency. Texts come in the language of Accept-Language (sk, cs, en). ' +
        'Authenticate with `Authorization: Bearer <token>` or the web session cookie; cookie-authenticated changes need X-XSRF-TOKEN. ' +
        'Request bodies are JSON (`Content-Type: application/json`, else 415); a write a browser sends from another site without a bearer token is 403 CROSS_SITE. ' +
        'Errors: `{ message, code, errors: [{ field?, message }] }`; 401 always means the session is gone. ' +
        'A request body may have at most 64 KB (a payment provider’s notice 256 KB): past it, 413 BODY_TOO_LARGE and the connection is closed. ' +
        'While the database cannot be reached: 503 UNAVAILABLE with Retry-After.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'tribuna_session' },
      },
    },
    paths,
  };
}
