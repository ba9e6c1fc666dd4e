import 'server-only';
// The OpenAPI 3.1 document of API v1 (the native app's contract), built from the operations the feature
// modules declare: each with its path parameters, query, body, answer and every failure it may answer —
// its own and those the frame adds for its access and input (./app.ts). Schemas are zod 4's own JSON
// Schema (z.toJSONSchema), input for what a client sends and output for what it gets: @hono/zod-openapi's
// generator writes a case-insensitive pattern as an invalid `…$/i` and reads a transform's input for its
// output (docs/decisions/one-api-app.md).
import { z } from 'zod';
import { errorBodySchema } from '@/lib/schemas/primitives';
import { SESSION_COOKIE } from '@/lib/cookies';
import { apiOperations } from './app';
import { FAILURES, type FailureCode } from './failures';
import { isOtherAnswer, isOtherBody, type Operation } from './operation';

type Json = Record<string, unknown>;

/** JSON Schema of a zod schema: `input` for what a client sends, `output` for what the API answers. */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** Every failure an operation may answer: its own, and what the frame adds for its access and input. */
export function operationFailures(op: Operation): FailureCode[] {
  const codes = new Set<FailureCode>(op.failures);
  const write = WRITES.has(op.method);
  if (write) codes.add('CROSS_SITE');
  if (op.body && !isOtherBody(op.body)) for (const code of ['INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION'] as const) codes.add(code);
  if (write) codes.add('BODY_TOO_LARGE');
  if (op.query) codes.add('VALIDATION');
  if (op.access !== 'anyone') {
    codes.add('UNAUTHENTICATED');
    if (write) codes.add('XSRF');
  }
  if (op.access === 'admin') codes.add('NOT_ADMIN');
  if (typeof op.access === 'object' && !('scope' in op.access)) {
    codes.add('ORG_NOT_FOUND');
    codes.add('ROLE_FORBIDDEN');
  }
  codes.add('UNAVAILABLE');
  return [...codes];
}

const errorSchema = schemaOf(errorBodySchema);

function responsesOf(op: Operation): Json {
  const responses: Json = {};
  const status = String(op.status ?? 200);
  responses[status] = isOtherAnswer(op.answer)
    ? { description: op.answer.description, content: { [op.answer.type]: { schema: { type: 'string' } } } }
    : { description: 'Success', content: { 'application/json': { schema: schemaOf(op.answer) } } };
  const byStatus = new Map<number, Set<string>>();
  for (const code of operationFailures(op)) {
    const row: { status: number; answersAs?: string } = FAILURES[code];
    const answered = row.answersAs ?? code;
    byStatus.set(row.status, (byStatus.get(row.status) ?? new Set()).add(answered));
  }
  for (const [code, answered] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(code)] = { description: [...answered].sort().join(', '), content: { 'application/json': { schema: errorSchema } } };
  }
  return responses;
}

function parametersOf(op: Operation): Json[] {
  const inPath = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (!op.query) return inPath;
  const json = schemaOf(op.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
  const inQuery = Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: (json.required ?? []).includes(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
  return [...inPath, ...inQuery];
}

function requestBodyOf(op: Operation): Json | undefined {
  if (!op.body) return undefined;
  if (isOtherBody(op.body)) {
    const type = op.body.type === 'raw' ? 'application/octet-stream' : op.body.type;
    return { required: true, description: op.body.description, content: { [type]: { schema: op.body.schema ? schemaOf(op.body.schema, 'input') : { type: 'string' } } } };
  }
  return { required: true, content: { 'application/json': { schema: schemaOf(op.body as z.ZodType, 'input') } } };
}

/** The path items of every declared operation. */
export function operationPaths(operations: readonly Operation[] = apiOperations()): Record<string, Record<string, Json>> {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of operations) {
    const parameters = parametersOf(op);
    const body = requestBodyOf(op);
    (paths[op.path] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(op.access === 'anyone' ? {} : { security: [{ bearer: [] }, { cookie: [] }] }),
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responsesOf(op),
    };
  }
  return paths;
}

/** The OpenAPI 3.1 document of API v1, served at GET /api/v1/openapi.json. */
export function openApiDocument(serverUrl?: string) {
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
        'While the database cannot be reached: 503 UNAVAILABLE with Retry-After. ' +
        'Each operation lists every failure code it may answer, grouped by status.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
    paths: operationPaths(),
  };
}
