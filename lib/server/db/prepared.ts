import 'server-only';
import { getDb, type Db } from './client';

/**
 * A drizzle query built once and kept as a prepared query, for the hot paths (every API call's session
 * lookup, the event of every cart call). Drizzle spends more CPU turning a select with joins into
 * SQL than PostgreSQL spends answering it; a prepared query only fills its `sql.placeholder(…)`s.
 * One per database handle (tests open a fresh one per file). Not for transactions: a prepared query
 * runs on the pool, so statements inside a transaction stay ordinary drizzle queries.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): () => Q {
  const built = new WeakMap<Db, Q>();
  return () => {
    const db = getDb();
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
