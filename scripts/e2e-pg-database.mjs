// Where the PostgreSQL e2e run keeps its data (scripts/e2e-pg-server.mjs makes and drops it; the
// two-server test writes to it too). E2E_PG_URL: an admin URL of the server (default TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/postgres); E2E_DATABASE_NAME: the database (default
// tribuna_e2e_<port>, so that runs on other ports do not meet).
import { tmpdir } from 'node:os';
import path from 'node:path';

export function e2eDatabase(port = Number(process.env.E2E_PORT || 3200)) {
  const adminUrl = process.env.E2E_PG_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = process.env.E2E_DATABASE_NAME || `tribuna_e2e_${port}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`E2E_DATABASE_NAME must be a plain lower-case name, not ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { adminUrl, name, url: url.toString() };
}

/**
 * Where the PostgreSQL e2e run keeps nginx's prefix and servers.json (the port and process id of each
 * Tribuna server, rewritten whenever one starts): a spec that restarts a server reads it.
 */
export function e2eRunDir(port = Number(process.env.E2E_PORT || 3200)) {
  return path.join(tmpdir(), `tribuna-e2e-pg-${port}`);
}
