/**
 * nginx as the load balancer in front of the instances (bench/load.ts `--proxy nginx`; the default where HAProxy, which
 * keeps one queue for all instances, is missing), configured as docs/deploy-instances.md says — `least_conn` over the
 * instances (a queue per instance), keep-alive connections to them,
 * X-Forwarded-For/-Proto/-Host as the servers' TRUST_PROXY expects, connecting from `localAddress` so that the servers
 * trust that address alone. One worker process (the machine's cores are for the servers and PostgreSQL), no access
 * log. Needs the `nginx` binary (Debian: `apt-get install -y nginx-light`); the Node proxy (proxy.ts) is the
 * fallback where it is missing.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findBinary, freePort, startBalancer } from './balancerProcess';

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
  return findBinary(['/usr/sbin/nginx', 'nginx']);
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
  // ready when it accepts a connection
  const balancer = await startBalancer(
    'nginx',
    binary,
    ['-p', dir, '-c', conf, '-g', 'daemon off;'],
    port,
    dir,
  );
  const { child } = balancer;
  return {
    url: balancer.url,
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
    // a graceful stop: the workers finish their requests first
    close: () => balancer.stop('SIGQUIT'),
  };
}
