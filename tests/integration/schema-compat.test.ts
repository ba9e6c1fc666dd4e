// Expand-then-contract: during an upgrade the previous release's servers run against the new schema
// until the last of them is rolled, so this release's migrations may only add (nullable or defaulted
// columns, new tables, new enum values) and widen. A fresh database migrated to the current journal is
// compared with the columns and enums of the last release (tests/fixtures/previous-release-schema.json,
// made by `npm run db:schema-snapshot -- <release>` from that release's own migrations): every table,
// column and enum value it declared is still there with a type its queries can use, and no column it
// does not know is NOT NULL without a default, so its inserts still work. Refresh the snapshot at each release.
import { sql } from 'drizzle-orm';
import { contractViolations, enumViolations, schemaColumns, schemaEnums, type SchemaColumns, type SchemaEnums } from '@/lib/server/db/schema-columns';
import previous from '../fixtures/previous-release-schema.json';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const release = previous as { release: string; tables: SchemaColumns; enums: SchemaEnums };

describe('this release’s migrations against the previous release', () => {
  it('keep every table, column and enum value the previous release uses, and add no NOT NULL column without a default', async () => {
    const tables = await schemaColumns(t.db);
    expect(Object.keys(release.tables).length).toBeGreaterThan(50);
    expect(contractViolations(release.tables, tables)).toEqual([]);
    expect(enumViolations(release.enums, await schemaEnums(t.db))).toEqual([]);
  });

  it('would catch a contracting migration: a dropped or retyped column, a new NOT NULL column without default, a lost enum value', async () => {
    await t.db.execute(sql`create type tmp_kind as enum ('a')`);
    await t.db.execute(sql`alter table coupons add column tmp_required text not null`);
    await t.db.execute(sql`alter table coupons add column tmp_defaulted text not null default 'x'`);
    await t.db.execute(sql`alter table coupons add column tmp_nullable text`);
    try {
      const current = await schemaColumns(t.db);
      expect(contractViolations(release.tables, current)).toEqual([
        "new column coupons.tmp_required is NOT NULL without a default: the previous release's inserts into coupons would fail",
      ]);
      const { email: _dropped, ...usersWithoutEmail } = current.users;
      const retyped = { ...current, users: { ...usersWithoutEmail }, orders: { ...current.orders, id: { ...current.orders.id, type: 'text' } } };
      delete (retyped as Partial<SchemaColumns>).events;
      expect(contractViolations(release.tables, retyped)).toEqual(
        expect.arrayContaining(['column users.email was dropped or renamed', 'column orders.id changed type from uuid to text', 'table events was dropped or renamed']),
      );
      // Widening is fine: integer → bigint, varchar → text.
      expect(contractViolations({ x: { n: { type: 'integer', notNull: true, hasDefault: false }, s: { type: 'character varying(20)', notNull: false, hasDefault: false } } }, { x: { n: { type: 'bigint', notNull: true, hasDefault: false }, s: { type: 'text', notNull: false, hasDefault: false } } })).toEqual([]);
      const [name, labels] = Object.entries(release.enums)[0];
      expect(enumViolations(release.enums, { ...(await schemaEnums(t.db)), [name]: labels.slice(1) })).toEqual([`enum ${name} lost the value '${labels[0]}'`]);
    } finally {
      await t.db.execute(sql`alter table coupons drop column tmp_required, drop column tmp_defaulted, drop column tmp_nullable`);
      await t.db.execute(sql`drop type tmp_kind`);
    }
  });
});
