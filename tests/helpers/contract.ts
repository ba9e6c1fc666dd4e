// What a handler answers, checked against the API's own schemas (lib/schemas), so a schema cannot
// drift from what the server really sends: a success against the route's response schema, a failure
// against the error body every failure has.
import type { z } from 'zod';
import { errorBodySchema } from '@/lib/schemas/primitives';

/** Checks a decoded answer: against `schema` when the status is 2xx, else against the error body. Throws (fails the test) on a mismatch. */
export function checkAnswer(schema: z.ZodType, status: number, body: unknown): void {
  if (status >= 200 && status < 300) schema.parse(body);
  else errorBodySchema.parse(body);
}

/** A success's body, checked against its response schema and typed by it. */
export async function answerOf<S extends z.ZodType>(schema: S, response: Response): Promise<z.infer<S>> {
  const body: unknown = await response.clone().json();
  if (response.status < 200 || response.status >= 300) throw new Error(`expected a success, got ${response.status}: ${JSON.stringify(body)}`);
  return schema.parse(body);
}

/** A failure's body, checked against the error body every failure has. */
export async function failureBodyOf(response: Response): Promise<z.infer<typeof errorBodySchema>> {
  return errorBodySchema.parse(await response.clone().json());
}
