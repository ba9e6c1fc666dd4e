// Every way into the server the walking suites (bad input, database unavailable, roles) go through: each
// operation the one API app declares (lib/server/<feature>/module.ts), called through the app by its
// URL, and each route handler file Next still serves outside it (pages' downloads, the sitemap, the demo
// mailbox). A new operation or route is walked without anyone listing it here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiOperations } from '@/lib/server/api/app';
import { isOtherBody } from '@/lib/server/api/operation';
import * as api from './api';

export type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/** A path with its handlers: `template` in Next's folder form ('/api/v1/events/[id]/cart'). */
export type Route = { file: string; template: string; params: string[]; kind: 'operation' | 'file' };

/** A template's parameters by their folder names: a catch-all keeps its dots ('...path'), as the suites give it an array. */
const paramsOf = (template: string) => [...template.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);

/** Route handler files under app/ (not the API's catch-all: its operations are walked one by one). */
function routeFiles(): Route[] {
  const files = (readdirSync('app', { recursive: true }) as string[]).filter((f) => /(^|\/)route\.ts$/.test(f) && !f.includes('[[...path]]')).sort();
  return files.map((file) => {
    const template = `/${path.dirname(file)}`.replace(/\/$/, '');
    return { file: path.join('app', file), template, params: paramsOf(template), kind: 'file' as const };
  });
}

/** '/api/v1/events/{id}/cart' → '/api/v1/events/[id]/cart' */
const templateOf = (apiPath: string) => apiPath.replace(/\{([^}]+)\}/g, '[$1]');

function operationRoutes(): Route[] {
  const templates = [...new Set(apiOperations().map((op) => templateOf(op.path)))].sort();
  return templates.map((template) => ({ file: 'lib/server/api/app.ts', template, params: paramsOf(template), kind: 'operation' as const }));
}

/** Every route: the app's operations by path, then the route files. */
export function allRoutes(): Route[] {
  const operations = operationRoutes();
  const taken = new Set(operations.map((r) => r.template));
  return [...operations, ...routeFiles().filter((r) => !taken.has(r.template))];
}

/** The handlers of a route, by method. */
export async function handlersOf(route: Route): Promise<Partial<Record<Method, Handler>>> {
  if (route.kind === 'file') {
    const mod = (await import(path.join(process.cwd(), route.file))) as Record<string, Handler>;
    return Object.fromEntries(METHODS.filter((m) => typeof mod[m] === 'function').map((m) => [m, mod[m]]));
  }
  const methods = apiOperations()
    .filter((op) => templateOf(op.path) === route.template)
    .map((op) => op.method.toUpperCase() as Method);
  return Object.fromEntries(methods.map((m) => [m, api[m] as Handler]));
}

/** Whether a route reads a JSON body with one of its methods (its declaration says so, or its file parses one). */
export function readsJsonBody(route: Route): boolean {
  if (route.kind === 'file') return /\b(parseBody|eventSettingsRoute)\(/.test(readFileSync(route.file, 'utf8'));
  return apiOperations().some((op) => templateOf(op.path) === route.template && op.body !== undefined && !isOtherBody(op.body));
}
