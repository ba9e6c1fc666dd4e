// Turns zod schemas into OpenAPI 3.1 operations (zod 4's z.toJSONSchema), so the document is generated
// from the same schemas the handlers parse with. Used by the modules in ./paths.
import { z } from 'zod';
import { errorBodySchema } from '@/lib/schemas/primitives';

type JsonSchema = Record<string, unknown>;
export type Operation = Record<string, unknown>;
export type PathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', Operation>>;
/** What each ./paths/<feature>.ts module exports: OpenAPI path → operations. */
export type ApiPaths = Record<string, PathItem>;

/** JSON Schema of a zod schema: `input` for what a client sends, `output` for what the API answers. */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** Query or path parameters from the keys of a zod object. */
export function parametersOf(schema: z.ZodObject, where: 'query' | 'path'): Operation[] {
  const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}


export function jsonResponse(description: string, schema?: z.ZodType): Operation {
  return schema ? { description, content: { 'application/json': { schema: schemaOf(schema) } } } : { description };
}

export function jsonBody(schema: z.ZodType, description?: string): Operation {
  return { required: true, ...(description ? { description } : {}), content: { 'application/json': { schema: schemaOf(schema, 'input') } } };
}

/** A translated error answer ({ message, code, errors }). */
export function errorResponse(description: string): Operation {
  return jsonResponse(description, errorBodySchema);
}
