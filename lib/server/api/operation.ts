import 'server-only';
// One HTTP operation of API v1, declared once in its feature's module (lib/server/<feature>/module.ts):
// method, path, who may call it, what it reads and answers, the failures it may answer, whether the
// production server answers it without Next (`hot`), and its handler. The one API app
// (lib/server/api/app.ts), the OpenAPI document (lib/server/api/openapi.ts) and the tests that walk every
// operation (bad input, roles, contract) are all built from these declarations.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { Access } from '@/lib/server/organiser/access';
import type { FailureCode } from './failures';
import type { Caller } from './authenticate';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** '/api/v1/events/{id}/cart/items/{itemId}' → 'id' | 'itemId' */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The path parameters of a path, as the strings the URL carries (a handler or its domain function judges them). */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** Who the handler is told called: the signed-in caller when the access requires one. */
type CallerOf<A extends Access> = A extends 'anyone' ? null : A extends { capability: unknown; scope: 'each-row' } ? null : Caller;

/**
 * A body the handler reads itself (documented by its type): an upload, a provider's signed notice, or JSON
 * read as the text of a file (a venue layout, whose faults are answered with their line), with its schema.
 */
type OtherBody = { type: 'multipart/form-data' | 'raw' | 'application/json'; description: string; schema?: z.ZodType };

/** The session token an access decided row by row hands the handler (its statement looks the session up itself). */
type SessionTokenOf<A extends Access> = A extends { capability: unknown; scope: 'each-row' } ? string : undefined;

export type OperationInput<Path extends string, A extends Access, Q, B> = {
  request: Request;
  params: PathParams<Path>;
  query: Q;
  body: B;
  caller: CallerOf<A>;
  sessionToken: SessionTokenOf<A>;
};

/** What a non-JSON answer is (a CSV download, a file, a redirect): documented by its media type. */
type OtherAnswer = { type: string; description: string };

export type OperationSpec<Path extends `/api/v1/${string}`, A extends Access, Q, B, R> = {
  method: Method;
  path: Path;
  /** One line for the OpenAPI document: what it does, for whom. */
  summary: string;
  description?: string;
  /** The group it is listed under in the document (defaults to the module's name). */
  tag?: string;
  access: A;
  /** Judges the path parameters (422 with the field's message) before the access is decided; the handler still gets them as the URL's strings. */
  params?: z.ZodType;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B> | OtherBody;
  /** The 2xx answer: a JSON schema, or another media type the handler answers itself. */
  answer: z.ZodType<R> | OtherAnswer;
  /** The 2xx status of a JSON answer (200 unless said). */
  status?: 200 | 201 | 202;
  /** The failures its domain functions may answer; the frame adds its own (access, body, database). */
  failures: readonly FailureCode[];
  /** The production server answers it without Next (lib/server/serving/hot-api.ts): an on-sale's holds, the gates' scans, the shell's me. */
  hot?: boolean;
  /** Runs once the caller is known (401 and XSRF first) and before the input is read: counts attempts (rate limits) that must come first. */
  before?: (request: Request, caller: CallerOf<A>) => Promise<void>;
  handle: (input: OperationInput<Path, A, NoInfer<Q>, NoInfer<B>>) => Promise<NoInfer<R> | Response>;
};

/** A declared operation, as the app, the document and the tests read it. */
export type Operation = {
  method: Method;
  path: `/api/v1/${string}`;
  summary: string;
  description?: string;
  tag?: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | OtherBody;
  answer: z.ZodType | OtherAnswer;
  status?: 200 | 201 | 202;
  failures: readonly FailureCode[];
  hot?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  before?: (request: Request, caller: any) => Promise<void>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handle: (input: any) => Promise<unknown>;
  /** The route as @hono/zod-openapi declares it (path parameters, query, body, answer). */
  route: RouteConfig;
};

/** A zod schema (which has a `type` and a `description` too), rather than a media type's description. */
const isSchema = (value: object): value is z.ZodType => typeof (value as { safeParse?: unknown }).safeParse === 'function';

export function isOtherBody(body: Operation['body']): body is OtherBody {
  return body !== undefined && !isSchema(body);
}

export function isOtherAnswer(answer: Operation['answer']): answer is OtherAnswer {
  return !isSchema(answer);
}

/** Declares an operation: the handler is typed by the path, the access, the query and the body. */
export function operation<Path extends `/api/v1/${string}`, A extends Access, Q = undefined, B = undefined, R = unknown>(
  spec: OperationSpec<Path, A, Q, B, R>,
): Operation {
  const body = spec.body as Operation['body'];
  const answer = spec.answer as Operation['answer'];
  const route = createRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    request: {
      ...(spec.query ? { query: spec.query as unknown as z.ZodObject } : {}),
      ...(body && !isOtherBody(body) ? { body: { content: { 'application/json': { schema: body } }, required: true } } : {}),
    },
    responses: {
      [spec.status ?? 200]: isOtherAnswer(answer)
        ? { description: answer.description, content: { [answer.type]: { schema: { type: 'string' } } } }
        : { description: 'Success', content: { 'application/json': { schema: answer } } },
    },
  } as RouteConfig);
  return { ...(spec as unknown as Omit<Operation, 'route'>), route };
}

/** A feature's declarations: its operations, its background jobs and what it does when an event changes. */
export type Module = {
  /** The feature's name, as its folder is named. */
  name: string;
  operations?: readonly Operation[];
  jobs?: readonly Job[];
};

/**
 * Background work run by the job loop (lib/server/jobs.ts) every tick of every server process: each job
 * must be safe with several processes at once (SKIP LOCKED, or a claimed row). `order` places it in the
 * tick (lower first) where one job's work feeds another's.
 */
export type Job = {
  name: string;
  order: number;
  /** One pass; answers whether there is more to do now (a backlog), so the loop runs it again within the tick. */
  run: (tick: { seconds: number; startedAt: number }) => Promise<boolean>;
};

export function defineModule(module: Module): Module {
  return module;
}
