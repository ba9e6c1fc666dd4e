// nginx for the PostgreSQL e2e run (scripts/e2e-pg-server.mjs): the shipped configuration
// (deploy/nginx/) in front of the run's Tribuna servers, unprivileged-ish under a folder of its own
// (prefix, pid, temp paths, logs), plain HTTP on 127.0.0.1. What is tested is what ships: the upstream
// block of deploy/nginx/tribuna.conf with its server lines pointed at the run's ports (their parameters
// kept), and deploy/nginx/tribuna-locations.conf included as it is. The full tribuna.conf (TLS, redirect)
// is checked with `nginx -t` on a throw-away certificate.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DEPLOY = path.resolve('deploy/nginx');
const NGINX = process.env.NGINX_PATH || 'nginx';

/** The shipped upstream block with its server lines on `ports` instead (each line's parameters kept). */
export function upstreamFor(ports) {
  const shipped = readFileSync(path.join(DEPLOY, 'tribuna.conf'), 'utf8');
  const block = /^upstream tribuna \{[\s\S]*?^\}/m.exec(shipped)?.[0];
  if (!block) throw new Error('deploy/nginx/tribuna.conf has no upstream tribuna block');
  const servers = [...block.matchAll(/^(\s*)server\s+\S+(.*);$/gm)];
  if (servers.length === 0) throw new Error('the upstream block has no server line');
  const [, indent, parameters] = servers[0];
  const lines = ports.map((port) => `${indent}server 127.0.0.1:${port}${parameters};`).join('\n');
  return block.replace(/^\s*server\s+\S+.*;$\n?/gm, '').replace(/\}$/, `${lines}\n}`);
}

function common(dir) {
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, name), { recursive: true });
  // nginx's workers run as nobody when started by root: they write request bodies under the temp paths.
  chmodSync(dir, 0o755);
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }`;
}

function temps(dir) {
  return ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${name}_temp_path ${dir}/${name};`).join('\n');
}

function nginxTest(dir, config) {
  const result = spawnSync(NGINX, ['-t', '-q', '-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', config], { encoding: 'utf8' });
  if (result.error) throw new Error(`nginx could not run (${result.error.message}): apt-get install nginx`);
  if (result.status !== 0) throw new Error(`nginx -t refused ${config}:\n${result.stderr}`);
}

/** `nginx -t` of the whole shipped site: TLS server, redirect, upstream, locations. */
export function checkShippedConfig(dir) {
  const folder = path.join(dir, 'shipped');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(path.join(folder, 'snippets'), { recursive: true });
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=tickets.example.com', '-keyout', `${folder}/privkey.pem`, '-out', `${folder}/fullchain.pem`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
  writeFileSync(path.join(folder, 'snippets/tribuna-locations.conf'), readFileSync(path.join(DEPLOY, 'tribuna-locations.conf')));
  const site = readFileSync(path.join(DEPLOY, 'tribuna.conf'), 'utf8').replaceAll('/etc/letsencrypt/live/tickets.example.com', folder);
  writeFileSync(path.join(folder, 'tribuna.conf'), site);
  writeFileSync(
    path.join(folder, 'nginx.conf'),
    `${common(folder)}\nhttp {\n    access_log off;\n${temps(folder)}\n    include ${folder}/tribuna.conf;\n}\n`,
  );
  nginxTest(folder, path.join(folder, 'nginx.conf'));
}

/** Starts nginx on 127.0.0.1:`port` in front of `serverPorts`; resolves with its process once it answers. */
export async function startNginx({ dir, port, serverPorts }) {
  mkdirSync(dir, { recursive: true });
  checkShippedConfig(dir);
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `${common(dir)}
daemon off;
http {
    access_log ${dir}/access.log;
${temps(dir)}
${upstreamFor(serverPorts).replace(/^/gm, '    ')}
    server {
        listen 127.0.0.1:${port};
        server_name _;
        include ${DEPLOY}/tribuna-locations.conf;
    }
}
`,
  );
  nginxTest(dir, config);
  const nginx = spawn(NGINX, ['-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', config], { stdio: 'inherit' });
  for (let i = 0; i < 100 && nginx.exitCode === null; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/builds/latest.json`);
      return nginx;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx did not start on port ${port}; see ${dir}/error.log`);
}
