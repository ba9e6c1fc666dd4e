import 'server-only';
import { getDb, type Db } from '@/lib/server/db';

type Waiting<I, O> = { item: I; resolve: (out: O) => void; reject: (error: unknown) => void };
type Queue<I, O> = { items: Waiting<I, O>[]; busy: boolean };

/**
 * Makes `run` (one statement for many items) callable one item at a time: the items that arrive while
 * a group's statement is on its way wait and go together in the next one, and the items of one turn
 * of the event loop go together from the start; a lone item goes at once. Each statement is one round
 * trip, and at a busy gate a round trip (the socket write that wakes the database, the statement's
 * own overhead there) costs more than the rows it carries (README, Decisions: gate scans).
 * `run` answers one result per item, in order. At most `max` items go in one statement; with
 * `distinct`, two items of one key never share a statement (the second waits for the next).
 */
export function grouped<I, O>(
  run: (db: Db, items: I[]) => Promise<O[]>,
  { max, distinct }: { max: number; distinct?: (item: I) => string },
): (item: I) => Promise<O> {
  const queues = new WeakMap<Db, Queue<I, O>>();

  async function drain(db: Db, queue: Queue<I, O>): Promise<void> {
    queue.busy = true;
    // Let the items of this turn of the event loop join (the requests of one read often come together).
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.items.length) {
      const group: Waiting<I, O>[] = [];
      const rest: Waiting<I, O>[] = [];
      const keys = new Set<string>();
      for (const waiting of queue.items) {
        const key = distinct?.(waiting.item);
        if (group.length < max && (key === undefined || !keys.has(key))) {
          if (key !== undefined) keys.add(key);
          group.push(waiting);
        } else rest.push(waiting);
      }
      queue.items = rest;
      try {
        const results = await run(
          db,
          group.map((waiting) => waiting.item),
        );
        group.forEach((waiting, i) => waiting.resolve(results[i]));
      } catch (error) {
        for (const waiting of group) waiting.reject(error);
      }
    }
    queue.busy = false;
  }

  return (item) => {
    const db = getDb();
    let queue = queues.get(db);
    if (!queue) {
      queue = { items: [], busy: false };
      queues.set(db, queue);
    }
    const waiting = queue;
    return new Promise<O>((resolve, reject) => {
      waiting.items.push({ item, resolve, reject });
      if (!waiting.busy) void drain(db, waiting);
    });
  };
}
