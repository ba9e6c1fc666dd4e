import 'server-only';
import type { z } from 'zod';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from './authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from './respond';
import type { CarriedFailure } from './error';

// The organiser's per-event settings routes (resale rules, waiting list, named tickets, feedback questions):
// GET reads the settings, PUT replaces them, both as the acting member (lib/server checks the role and the
// organisation); the answer is the domain result without its `ok`.

type Outcome = { ok: true } | ({ ok: false } & CarriedFailure);

function answer(result: Outcome): Response {
  if (!result.ok) throw failureOf(result);
  const { ok: _ok, ...view } = result;
  return json(view);
}

export function eventSettingsRoute<S extends z.ZodType>(settings: {
  read: (userId: string, eventId: string) => Promise<Outcome>;
  body: S;
  write: (userId: string, eventId: string, input: z.infer<S>) => Promise<Outcome>;
}) {
  return {
    GET: apiRoute<{ eventId: string }>(async (request, { params }) => {
      const caller = await requireCaller(request);
      const { eventId } = parseWith(eventIdParamSchema, await params);
      return answer(await settings.read(caller.user.id, eventId));
    }),
    PUT: apiRoute<{ eventId: string }>(async (request, { params }) => {
      const caller = await requireCaller(request);
      const { eventId } = parseWith(eventIdParamSchema, await params);
      const input = await parseBody(request, settings.body);
      return answer(await settings.write(caller.user.id, eventId, input));
    }),
  };
}
