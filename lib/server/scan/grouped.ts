import 'server-only';
import { getDb, type Db } from '@/lib/server/db';

type Waiting<I, O> = { item: I; resolve: (out: O) => void; reject: (error: unknown) => void };
type Queue<I, O> = { items: Waiting<I, O>[]; inFlight: number; scheduled: boolean };

/**
 * Makes `run` (one statement for many items) callable one item at a time: the items that arrive while
 * the statements on their way are `parallel` wait and go together in the next one, and the items of one
 * turn of the event loop go together from the start; a lone item goes at once. Each statement is one
 * round trip, and at a busy gate a round trip (the socket write that wakes the database, the statement's
 * own overhead there) costs more than the rows it carries (README, Decisions: gate scans). With two on
 * their way, a group does not wait for the one before it to come back (a check-in's commit waits for its
 * WAL flush; the database flushes the commits of two groups at once).
 * `run` answers one result per item, in order. At most `max` items go in one statement; with
 * `distinct`, two items of one key never share a statement (the second waits for the next).
 */
export function grouped<I, O>(
  run: (db: Db, items: I[]) => Promise<O[]>,
  { max, distinct, parallel = 1 }: { max: number; distinct?: (item: I) => string; parallel?: number },
): (item: I) => Promise<O> {
  const queues = new WeakMap<Db, Queue<I, O>>();

  /** The next group: up to `max` waiting items in arrival order, one per key. */
  function take(queue: Queue<I, O>): Waiting<I, O>[] {
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
    return group;
  }

  function pump(db: Db, queue: Queue<I, O>): void {
    while (queue.inFlight < parallel && queue.items.length) {
      const group = take(queue);
      queue.inFlight += 1;
      run(
        db,
        group.map((waiting) => waiting.item),
      )
        .then(
          (results) => group.forEach((waiting, i) => waiting.resolve(results[i])),
          (error: unknown) => group.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          queue.inFlight -= 1;
          pump(db, queue);
        });
    }
  }

  return (item) => {
    const db = getDb();
    let queue = queues.get(db);
    if (!queue) {
      queue = { items: [], inFlight: 0, scheduled: false };
      queues.set(db, queue);
    }
    const waiting = queue;
    return new Promise<O>((resolve, reject) => {
      waiting.items.push({ item, resolve, reject });
      // Let the items of this turn of the event loop join (the requests of one read often come together).
      if (!waiting.scheduled && waiting.inFlight < parallel) {
        waiting.scheduled = true;
        setImmediate(() => {
          waiting.scheduled = false;
          pump(db, waiting);
        });
      }
    });
  };
}
