import 'server-only';
// Reading the audit log (written only by lib/server/audit/record.ts): Tribuna admins every entry, an
// organisation's owners (`audit`) their organisation's; filtered by period (days in Europe/Bratislava),
// action (a code or its start: 'ticket' is every 'ticket.…') and actor (their email). Shown newest first,
// 200 at a time; exported whole as CSV or xlsx through the one export writer.
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import { translator } from '@/lib/server/api/translate';
import { getDb, tables } from '@/lib/server/db';
import { exportFile, type ExportFormat } from '@/lib/server/reports/export-file';
import type { AuditEntryView, AuditQuery } from '@/lib/schemas/support';
import { scopeOf, type Scope } from './access';

const a = tables.auditLog;
const PAGE = 200;

function filters(scope: Scope, query: AuditQuery): SQL | undefined {
  return and(
    scope.kind === 'org' ? eq(a.orgId, scope.orgId) : undefined,
    query.from ? gte(a.at, sql`(${query.from}::date::timestamp at time zone ${TIME_ZONE})`) : undefined,
    query.to ? lt(a.at, sql`((${query.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`) : undefined,
    query.action ? or(eq(a.action, query.action), sql`${a.action} like ${`${query.action.replace(/_/g, '\\_')}.%`}`) : undefined,
    query.actor ? sql`lower(${tables.users.email}) = ${query.actor}` : undefined,
  );
}

function select() {
  return getDb()
    .select({ entry: a, actor: tables.users.email, organisation: tables.organisations.name })
    .from(a)
    .leftJoin(tables.users, eq(tables.users.id, a.actorId))
    .leftJoin(tables.organisations, eq(tables.organisations.id, a.orgId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function viewOf(row: Row): AuditEntryView {
  const { entry } = row;
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: row.actor ?? null,
    organisation: row.organisation ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    reason: entry.reason,
    before: entry.before,
    after: entry.after,
  };
}

/** The newest 200 entries the caller may read that match the filters; `more` when there are older ones. */
export async function readAuditLog(user: { id: string }, query: AuditQuery) {
  const scoped = await scopeOf(user, query.organisation, 'audit');
  if (!scoped.ok) return scoped;
  const rows = await select()
    .where(filters(scoped.scope, query))
    .orderBy(desc(a.at), desc(a.id))
    .limit(PAGE + 1);
  return { ok: true as const, entries: rows.slice(0, PAGE).map(viewOf), more: rows.length > PAGE };
}

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');

/** Every matching entry as a file, newest first, read in batches of 1000 as the download goes. */
export async function exportAuditLog(user: { id: string }, query: AuditQuery & { format: ExportFormat }, locale: Locale) {
  const scoped = await scopeOf(user, query.organisation, 'audit');
  if (!scoped.ok) return scoped;
  const t = translator(locale);
  const where = filters(scoped.scope, query);
  async function* batches() {
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const cursor: SQL | undefined = after ? or(lt(a.at, after.at), and(eq(a.at, after.at), lt(a.id, after.id))) : undefined;
      const rows = await select().where(and(where, cursor)).orderBy(desc(a.at), desc(a.id)).limit(1000);
      if (!rows.length) return;
      yield rows.map((row) => ({
        at: row.entry.at,
        actor: row.actor ?? t('support.audit.system'),
        organisation: row.organisation ?? '',
        action: row.entry.action,
        subject: `${row.entry.subjectType} ${row.entry.subjectId}`,
        reason: row.entry.reason ?? '',
        before: json(row.entry.before),
        after: json(row.entry.after),
      }));
      const last: Row = rows[rows.length - 1];
      after = { at: last.entry.at, id: last.entry.id };
      if (rows.length < 1000) return;
    }
  }
  const columns = (['at', 'actor', 'organisation', 'action', 'subject', 'reason', 'before', 'after'] as const).map((key) => ({
    key,
    header: t(`support.audit.columns.${key}`),
    kind: key === 'at' ? ('time' as const) : ('text' as const),
  }));
  return exportFile({ format: query.format, name: 'audit-log', sheet: t('support.audit.title'), columns, batches: batches(), locale, what: 'audit log' });
}
