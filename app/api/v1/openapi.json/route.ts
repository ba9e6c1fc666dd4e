// GET /api/v1/openapi.json — the OpenAPI document of API v1, generated from the zod schemas
import { openApiDocument } from '@/lib/openapi/document';
import { apiRoute, json } from '@/lib/server/api/respond';

export const GET = apiRoute(async () => json(openApiDocument()));
