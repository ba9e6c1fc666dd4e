import { spawnSync } from 'node:child_process';

/** Starts scripts/serve.mjs as `npm run serve` would, with only the given mode variables set. */
function serve(vars: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'production' };
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !['SESSION_SECRET', 'TRIBUNA_MODE', 'PAYMENTS_TEST_GATEWAY', 'PAYOUT_WAIT_HOURS'].includes(name)) env[name] = value;
  }
  // No build there: a server that got past the mode check would fail later, for another reason.
  Object.assign(env, { PORT: '3299', NEXT_DIST_DIR: '.next-none', PGLITE_DIR: 'memory://', ...vars });
  const result = spawnSync(process.execPath, ['scripts/serve.mjs'], { env, encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, stderr: result.stderr, stdout: result.stdout };
}

describe('the production server at start', () => {
  it('refuses production without a secret, saying what to set', () => {
    const started = serve({ TRIBUNA_MODE: 'production', NODE_ENV: 'production' });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('Tribuna will not start: TRIBUNA_MODE=production needs SESSION_SECRET');
  });

  it('refuses a SESSION_SECRET too short to seal cookies', () => {
    const started = serve({ SESSION_SECRET: 'too-short' });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('Tribuna will not start: SESSION_SECRET must be at least 32 characters');
  });

  it('refuses a payouts’ wait that is no whole number of hours, rather than paying on the default', () => {
    const started = serve({ PAYOUT_WAIT_HOURS: '12h' });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('Tribuna will not start: PAYOUT_WAIT_HOURS "12h" is not a whole number of hours from 0 to 8760');
  });
});

/**
 * Issue 29 item 11: `HOSTNAME=127.0.0.1 npm start` listened on every interface and said `localhost`. The
 * server listens where HOSTNAME says (every interface without it) and prints the address it is bound to.
 */
describe('where the production server listens', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createServer } = require('node:http') as typeof import('node:http');

  async function bound(hostname: string | undefined) {
    const { listen } = await import('@/lib/server/serving/listen');
    const server = createServer();
    const printed = await listen(server, { port: 0, hostname });
    const address = server.address() as import('node:net').AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return { printed, address };
  }

  it('binds HOSTNAME alone and prints that address', async () => {
    const { printed, address } = await bound('127.0.0.1');
    expect(address.address).toBe('127.0.0.1');
    expect(printed).toBe(`http://127.0.0.1:${address.port}`);
  });

  it('prints an IPv6 address in brackets', async () => {
    const { printed, address } = await bound('::1');
    expect(address.address).toBe('::1');
    expect(printed).toBe(`http://[::1]:${address.port}`);
  });

  it('without HOSTNAME binds every interface and says so', async () => {
    const { printed, address } = await bound(undefined);
    expect(['::', '0.0.0.0']).toContain(address.address);
    expect(printed).toBe(`http://localhost:${address.port} (every interface)`);
  });
});

/**
 * A CI run's journey died with ECONNRESET: its client reused a kept-alive connection just as the server
 * closed it after Node's default 5 idle seconds. The server keeps idle connections longer than a client
 * or proxy does (65 s) and says so in every answer's Keep-Alive header.
 */
describe('kept-alive connections', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const http = require('node:http') as typeof import('node:http');

  it('stay open longer than a proxy keeps them, and the answer says how long', async () => {
    const { listen } = await import('@/lib/server/serving/listen');
    const server = http.createServer((_req, res) => res.end('ok'));
    await listen(server, { port: 0, hostname: '127.0.0.1' });
    const { port } = server.address() as import('node:net').AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const header = await new Promise<string | undefined>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers['keep-alive'] as string | undefined));
        }).on('error', reject);
      });
      expect(header).toBe('timeout=65');
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
