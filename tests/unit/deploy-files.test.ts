// deploy/: the shipped nginx configuration and systemd units agree with the app they run: nginx lets
// through the largest body the app reads (lib/body-limits.ts) and no more, never re-sends a request that
// reached a server, passes the headers TRUST_PROXY reads; the servers do not migrate, drain on SIGTERM
// and are given longer to stop than their grace. (The nginx configuration itself runs in the PostgreSQL
// e2e, scripts/e2e-nginx.mjs.)
import { readFileSync } from 'node:fs';
import { IMAGE_UPLOAD_BODY_LIMIT, JSON_API_BODY_LIMIT, LAYOUT_BODY_LIMIT, OTHER_BODY_LIMIT, WEBHOOK_BODY_LIMIT } from '@/lib/body-limits';

const read = (file: string) => readFileSync(file, 'utf8').replace(/^\s*#.*$/gm, '');
const locations = read('deploy/nginx/tribuna-locations.conf');
const server = read('deploy/systemd/tribuna@.service');

describe('deploy/', () => {
  it('nginx takes the largest body the app reads, in whole MiB, and no more', () => {
    const largest = Math.max(IMAGE_UPLOAD_BODY_LIMIT, JSON_API_BODY_LIMIT, LAYOUT_BODY_LIMIT, OTHER_BODY_LIMIT, WEBHOOK_BODY_LIMIT);
    const [, megabytes] = /client_max_body_size (\d+)m;/.exec(locations)!;
    expect(Number(megabytes)).toBe(Math.ceil(largest / 1024 / 1024));
  });

  it('nginx passes the client and origin headers, and tries another server on connection errors only', () => {
    for (const header of ['X-Forwarded-For $proxy_add_x_forwarded_for', 'X-Forwarded-Host $host', 'X-Forwarded-Proto $scheme']) expect(locations).toContain(`proxy_set_header ${header};`);
    expect(locations).toMatch(/proxy_next_upstream error;/);
    expect(locations).not.toMatch(/non_idempotent|http_50\d/);
  });

  it('a server unit does not migrate, is behind the proxy on loopback, and outlives its drain', () => {
    expect(server).toMatch(/TRIBUNA_MIGRATE_AT_START=0/);
    expect(server).toMatch(/TRUST_PROXY=1/);
    expect(server).toMatch(/HOSTNAME=127\.0\.0\.1/);
    expect(server).toMatch(/KillSignal=SIGTERM/);
    const stopSeconds = Number(/TimeoutStopSec=(\d+)/.exec(server)![1]);
    // The drain's default grace (SHUTDOWN_GRACE_MS 25 s) plus the job loop's last job (5 s at least).
    expect(stopSeconds).toBeGreaterThan(25 + 5);
    expect(server).toMatch(/ExecStartPost=.*wait-ready\.mjs %i/);
  });

  it('each one-off job has its timer or is started by hand, and the migrations unit is a oneshot', () => {
    expect(read('deploy/systemd/tribuna-migrate.service')).toMatch(/Type=oneshot[\s\S]*scripts\/db-migrate\.ts/);
    expect(read('deploy/systemd/tribuna-backup.service')).toMatch(/scripts\/backup\.mjs --out \S+ --keep \d+/);
    expect(read('deploy/systemd/tribuna-payouts.service')).toMatch(/scripts\/payouts-run\.ts/);
    expect(read('deploy/systemd/tribuna-backup.timer')).toMatch(/OnCalendar=/);
    expect(read('deploy/systemd/tribuna-payouts.timer')).toMatch(/OnCalendar=/);
  });
});
