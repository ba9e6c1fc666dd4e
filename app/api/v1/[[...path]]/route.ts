// Every /api/v1 call: the one API app (lib/server/api/app.ts), assembled from the feature modules.
import { serveApi } from '@/lib/server/api/app';

const handler = (request: Request) => serveApi(request);

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
