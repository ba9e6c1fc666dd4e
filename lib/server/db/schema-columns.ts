// The columns of a migrated database as PostgreSQL itself describes them (type, NOT NULL, default), for
// the expand-then-contract check (tests/integration/schema-compat.test.ts) and the snapshot of the last
// release it compares with (scripts/schema-snapshot.ts, tests/fixtures/previous-release-schema.json).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

export type ColumnShape = { type: string; notNull: boolean; hasDefault: boolean };
export type SchemaColumns = Record<string, Record<string, ColumnShape>>;
/** The labels of each enum type of the public schema. */
export type SchemaEnums = Record<string, string[]>;

const CATALOG = sql`
  select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
         a.attnotnull as "notNull", (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as "hasDefault"
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
  order by c.relname, a.attnum`;

/** Every table of the public schema with its columns. */
export async function schemaColumns(db: Pick<Db, 'execute'>): Promise<SchemaColumns> {
  const tables: SchemaColumns = {};
  for (const row of rowsOf<{ table: string; column: string; type: string; notNull: boolean; hasDefault: boolean }>(await db.execute(CATALOG))) {
    (tables[row.table] ??= {})[row.column] = { type: row.type, notNull: Boolean(row.notNull), hasDefault: Boolean(row.hasDefault) };
  }
  return tables;
}

const ENUMS = sql`
  select t.typname as "name", array_agg(e.enumlabel::text order by e.enumsortorder) as "labels"
  from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
  where n.nspname = 'public' group by t.typname order by t.typname`;

export async function schemaEnums(db: Pick<Db, 'execute'>): Promise<SchemaEnums> {
  return Object.fromEntries(rowsOf<{ name: string; labels: string[] }>(await db.execute(ENUMS)).map((row) => [row.name, row.labels]));
}

/** A value the previous release may write into an enum column must still be a label of it. */
export function enumViolations(previous: SchemaEnums, current: SchemaEnums): string[] {
  return Object.entries(previous).flatMap(([name, labels]) =>
    !current[name] ? [`enum ${name} was dropped or renamed`] : labels.filter((label) => !current[name].includes(label)).map((label) => `enum ${name} lost the value '${label}'`),
  );
}

/** Type changes the previous release's queries survive (its values still fit; what it reads still parses). */
const WIDENINGS: Record<string, string[]> = {
  smallint: ['integer', 'bigint', 'numeric'],
  integer: ['bigint', 'numeric'],
  'character varying': ['text'],
  'timestamp without time zone': ['timestamp with time zone'],
};

function compatibleType(before: string, after: string): boolean {
  if (before === after) return true;
  const base = (type: string) => type.replace(/\(.*\)/, '');
  if (base(before) === 'character varying' && base(after) === 'character varying') {
    // A longer limit, or none: varchar(n) → varchar(m ≥ n) / varchar.
    const limit = (type: string) => Number(/\((\d+)\)/.exec(type)?.[1] ?? Infinity);
    return limit(after) >= limit(before);
  }
  return (WIDENINGS[base(before)] ?? []).includes(base(after));
}

/**
 * What would break the previous release running against this schema (expand-then-contract): a table or
 * column it declared that is gone, a column whose type it cannot use any more, and a column it does not
 * know that is NOT NULL without a default (its inserts would fail).
 */
export function contractViolations(previous: SchemaColumns, current: SchemaColumns): string[] {
  const problems: string[] = [];
  for (const [table, columns] of Object.entries(previous)) {
    const now = current[table];
    if (!now) {
      problems.push(`table ${table} was dropped or renamed`);
      continue;
    }
    for (const [column, shape] of Object.entries(columns)) {
      const after = now[column];
      if (!after) problems.push(`column ${table}.${column} was dropped or renamed`);
      else if (!compatibleType(shape.type, after.type)) problems.push(`column ${table}.${column} changed type from ${shape.type} to ${after.type}`);
      else if (after.notNull && !shape.notNull && !after.hasDefault) problems.push(`column ${table}.${column} became NOT NULL without a default`);
    }
    for (const [column, shape] of Object.entries(now)) {
      if (!columns[column] && shape.notNull && !shape.hasDefault) problems.push(`new column ${table}.${column} is NOT NULL without a default: the previous release's inserts into ${table} would fail`);
    }
  }
  return problems;
}

/** A unique index as PostgreSQL describes it: its table, key columns (or expressions) and partial predicate. */
export type UniqueIndex = { table: string; columns: string; predicate: string | null };
/** The unique indexes (and unique and primary-key constraints' indexes) of the public schema, by name. */
export type SchemaUniqueIndexes = Record<string, UniqueIndex>;

const UNIQUE_INDEXES = sql`
  select i.relname as "name", t.relname as "table",
         (select string_agg(pg_get_indexdef(x.indexrelid, k, true), ', ' order by k) from generate_series(1, x.indnkeyatts) k) as "columns",
         pg_get_expr(x.indpred, x.indrelid, true) as "predicate"
  from pg_index x
  join pg_class i on i.oid = x.indexrelid
  join pg_class t on t.oid = x.indrelid
  join pg_namespace n on n.oid = t.relnamespace
  where n.nspname = 'public' and x.indisunique
  order by i.relname`;

export async function schemaUniqueIndexes(db: Pick<Db, 'execute'>): Promise<SchemaUniqueIndexes> {
  return Object.fromEntries(
    rowsOf<{ name: string; table: string; columns: string; predicate: string | null }>(await db.execute(UNIQUE_INDEXES)).map((row) => [
      row.name,
      { table: row.table, columns: row.columns, predicate: row.predicate ?? null },
    ]),
  );
}

/**
 * What the previous release loses when a unique index it had is gone or narrowed (made partial, or given
 * another predicate) and no other unique index on the same table and columns covers every row: its
 * `ON CONFLICT (columns)` no longer finds an arbiter (PostgreSQL refuses the statement), and rows it
 * relied on being unique may repeat. A renamed index, or a partial one made whole, is fine.
 */
export function uniqueIndexViolations(previous: SchemaUniqueIndexes, current: SchemaUniqueIndexes): string[] {
  const now = Object.values(current);
  return Object.entries(previous).flatMap(([name, index]) => {
    const covered = now.some((other) => other.table === index.table && other.columns === index.columns && (other.predicate === null || other.predicate === index.predicate));
    if (covered) return [];
    const partial = now.find((other) => other.table === index.table && other.columns === index.columns);
    const was = `unique index ${name} on ${index.table} (${index.columns})${index.predicate ? ` where ${index.predicate}` : ''}`;
    return [partial ? `${was} was narrowed to where ${partial.predicate}` : `${was} was dropped`];
  });
}

/** The public schema's functions: `name(argument types)` → what they return. */
export type SchemaFunctions = Record<string, string>;

const FUNCTIONS = sql`
  select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as "signature", pg_get_function_result(p.oid) as "result"
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.prokind = 'f'
  order by 1`;

export async function schemaFunctions(db: Pick<Db, 'execute'>): Promise<SchemaFunctions> {
  return Object.fromEntries(rowsOf<{ signature: string; result: string }>(await db.execute(FUNCTIONS)).map((row) => [row.signature, row.result]));
}

/**
 * The database functions (lib/server/db/functions.sql, re-applied by every migrate) the previous release
 * calls: each must still take the same arguments and return the same shape, or its calls fail.
 */
export function functionViolations(previous: SchemaFunctions, current: SchemaFunctions): string[] {
  return Object.entries(previous).flatMap(([signature, result]) =>
    !(signature in current)
      ? [`function ${signature} was dropped or its arguments changed`]
      : current[signature] !== result
        ? [`function ${signature} returns ${current[signature]} instead of ${result}`]
        : [],
  );
}
