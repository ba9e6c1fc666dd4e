import 'server-only';
// The API's own contract: the OpenAPI document every feature module's declarations build (lib/server/api/openapi.ts).
import { z } from 'zod';
import { defineModule, operation } from '@/lib/server/api/operation';
import { openApiDocument } from '@/lib/server/api/openapi';

export default defineModule({
  name: 'openapi',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/openapi.json',
      summary: 'The OpenAPI 3.1 document of API v1: every operation with its schemas and the failures it may answer',
      access: 'anyone',
      answer: z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }).loose(),
      failures: [],
      handle: async () => openApiDocument(),
    }),
  ],
});
