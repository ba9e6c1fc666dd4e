import 'server-only';
// The one API app: every module's operations (lib/server/<feature>/module.ts, gathered by
// ./modules.generated.ts) mounted on one Hono app. Next serves it through one catch-all route
// (app/api/v1/[[...path]]/route.ts); the production server answers the operations marked `hot` from the
// same source without Next (lib/server/serving/hot-api.ts). Dev, e2e and production run this code.
import { Hono } from 'hono';
import { authenticate, requireCaller, requireSessionToken, sessionGone } from './authenticate';
import { ApiError, apiRoute, failureOf, parseBody, parseQuery, parseWith } from './respond';
import { isOtherBody, type Operation } from './operation';
import { apiModules } from './modules.generated';
import { isAdmin, orgAccess, ownerOrganisation, type Access } from '@/lib/server/organiser/access';
import type { Caller } from './authenticate';

/** Every declared operation, in the modules' order. */
export function apiOperations(): Operation[] {
  return apiModules.flatMap((module) => [...(module.operations ?? [])].map((op) => ({ ...op, tag: op.tag ?? module.name })));
}

/** Who is calling, as far as the declared access needs to know before the input is judged (401, XSRF). */
async function identify(request: Request, access: Access): Promise<{ caller: Caller | null; sessionToken?: string }> {
  if (access === 'anyone') return { caller: null };
  if (typeof access === 'object' && 'scope' in access && access.scope === 'each-row') {
    // The statement decides per row and looks the session up itself: here only what needs no database
    // (a token, the XSRF echo). Its input is judged only for a caller whose session is live (below).
    return { caller: null, sessionToken: await requireSessionToken(request) };
  }
  return { caller: await requireCaller(request) };
}

/** An each-row operation's input fault is told only to a live session; a caller without one hears 401, as everywhere. */
async function liveSessionFirst<T>(sessionToken: string | undefined, request: Request, read: () => Promise<T>): Promise<T> {
  if (sessionToken === undefined) return read();
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && !(await authenticate(request))) throw sessionGone();
    throw error;
  }
}

/** Decides the declared access for the caller with the one access table (lib/server/organiser/access.ts). */
async function decide(caller: Caller | null, request: Request, access: Access, params: Record<string, string>): Promise<void> {
  if (!caller || access === 'anyone' || access === 'signed-in') return;
  if (access === 'admin') {
    if (!(await isAdmin(caller.user.id))) throw new ApiError('NOT_ADMIN');
    return;
  }
  // each-row: its statement decides, row by row.
  if ('scope' in access) return;
  const id = 'param' in access ? params[access.param] : new URL(request.url).searchParams.get(access.query);
  const orgId = id ? await ownerOrganisation(access.owner, id) : null;
  if (!orgId) throw new ApiError('ORG_NOT_FOUND');
  const decided = await orgAccess(caller.user.id, orgId, access.capability);
  if (!decided.ok) throw failureOf(decided);
}

/**
 * The handler of one operation as a route handler: the frame (apiRoute: cross-site writes, the bounded
 * body, translated failures) around, in this order, who calls (401/XSRF), the operation's `before`, its
 * path parameters and query (422), the declared access (404/403), the body (415/400/422), the handler.
 */
export function operationHandler(op: Operation) {
  return apiRoute<Record<string, string>>(async (request, context) => {
    const params = await context.params;
    const { caller, sessionToken } = await identify(request, op.access);
    if (op.before) await op.before(request, caller);
    const { query, body } = await liveSessionFirst(sessionToken, request, async () => {
      if (op.params) parseWith(op.params, params);
      const query = op.query ? parseQuery(request, op.query) : undefined;
      await decide(caller, request, op.access, params);
      const body = op.body && !isOtherBody(op.body) ? await parseBody(request, op.body) : undefined;
      return { query, body };
    });
    const answer = await op.handle({ request, params, query, body, caller, sessionToken });
    if (answer instanceof Response) return answer;
    return Response.json(answer, { status: op.status ?? 200 });
  });
}

/** '/api/v1/events/{id}/cart' → '/api/v1/events/:id/cart' */
export function honoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

const notFound = apiRoute(async () => {
  throw new ApiError('NOT_FOUND');
});

/** An app of the given operations; a path none of them answers is a translated 404 (and a known path's other method 405 is a 404 too, as before). */
export function appOf(operations: readonly Operation[]): Hono {
  const app = new Hono();
  for (const op of operations) {
    const handler = operationHandler(op);
    app.on(op.method.toUpperCase(), honoPath(op.path), (c) => handler(c.req.raw, { params: Promise.resolve(c.req.param() as Record<string, string>) }));
  }
  app.notFound((c) => notFound(c.req.raw, { params: Promise.resolve({}) }));
  return app;
}

let app: Hono | undefined;

/** The one API app (built once per module instance). */
export function apiApp(): Hono {
  return (app ??= appOf(apiOperations()));
}

/** Answers any API v1 request. */
export function serveApi(request: Request): Promise<Response> {
  return Promise.resolve(apiApp().fetch(request));
}
