/**
 * nginx as the load balancer in front of the instances (bench/load.ts `--proxy nginx`): what a deployment puts there,
 * configured as docs/deploy-instances.md says — `least_conn` over the instances, keep-alive connections to them,
 * X-Forwarded-For/-Proto/-Host as the servers' TRUST_PROXY expects, connecting from `localAddress` so that the servers
 * trust that address alone. One worker process (the machine's cores are for the servers and PostgreSQL), no access
 * log. Needs the `nginx` binary (Debian: `apt-get install -y nginx-light`); the Node proxy (proxy.ts) is the
 * fallback where it is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface NginxProxy {
  url: string;
  /** The master process. */
  child: ChildProcess;
  /** The worker processes (whose CPU is the proxy's work). */
  workerPids(): Promise<number[]>;
  close(): Promise<void>;
}

/** The nginx binary, or null when it is not installed. */
export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', 'nginx']) {
    const probe = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** nginx's configuration for `upstreams` (base URLs), listening on 127.0.0.1:`port`. */
export function nginxConfig(dir: string, port: number, upstreams: string[], localAddress: string): string {
  const servers = upstreams.map((u) => `    server ${new URL(u).host};`).join('\n');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream edc {
    zone edc 64k;
    least_conn;
${servers}
    keepalive 256;
  }
  server {
    listen 127.0.0.1:${port};
    keepalive_requests 1000000;
    keepalive_timeout 65s;
    client_max_body_size 2m;
    location / {
      proxy_pass http://edc;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_bind ${localAddress};
      proxy_buffering off;
    }
  }
}
`;
}

export async function startNginx(
  binary: string,
  upstreams: string[],
  localAddress: string,
): Promise<NginxProxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'edc-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(dir, port, upstreams, localAddress));
  const child = spawn(binary, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // ready when it accepts a connection
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) break;
    if (Date.now() - started > 10_000) throw new Error(`nginx did not start within 10 s: ${errors}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    child,
    async workerPids() {
      // the master's children (/proc/<pid>/task/<pid>/children)
      const text = await readFile(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').catch(() => '');
      return text
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number)
        .concat(child.pid ? [child.pid] : []);
    },
    async close() {
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
