// Calls the one API app (lib/server/api/app.ts) as a client would: by method and path. Each export is a
// drop-in for the route handlers tests used to import: `POST(request)` answers what the app answers for
// the request's URL, with the method forced to POST (the context argument is ignored: the app reads the
// path parameters from the URL itself).
import { serveApi } from '@/lib/server/api/app';

type Context = { params?: Promise<unknown> } | undefined;

function withMethod(method: string) {
  return (request: Request, _context?: Context): Promise<Response> => {
    void _context;
    if (request.method === method) return serveApi(request);
    return serveApi(new Request(request, { method }));
  };
}

export const GET = withMethod('GET');
export const POST = withMethod('POST');
export const PUT = withMethod('PUT');
export const PATCH = withMethod('PATCH');
export const DELETE = withMethod('DELETE');

/** Answers a request as the app does, with its own method. */
export const callApi = (request: Request): Promise<Response> => serveApi(request);
