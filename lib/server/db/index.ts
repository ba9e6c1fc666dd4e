import 'server-only';

export { getDb, databaseKind, rowsOf, type Db, type Tx } from './client';
export * as tables from './schema';
export { isUniqueViolation } from './errors';
