// A caching proxy in front of the gateway, standing in for a CDN that honours the public answers'
// Cache-Control (`public, max-age=5, stale-while-revalidate=30`): Debian's nginx with
// proxy_cache, on a free port, with its own files in a temporary folder. Its access log names
// each request's $upstream_cache_status, so a test can read what the proxy answered itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

export type CachingProxy = {
  baseUrl: string;
  /** The proxy's log so far: one line per request, `<status> <uri>` with status HIT, MISS, EXPIRED, STALE, UPDATING, REVALIDATED, BYPASS or - (not cacheable). */
  log: () => { cache: string; uri: string }[];
  stop: () => Promise<void>;
};

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? 'nginx';

/** Starts nginx caching in front of `upstream` (http://127.0.0.1:PORT). */
export async function startCachingProxy(upstream: string): Promise<CachingProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'podium-nginx-'));
  // nginx's workers drop root for nobody: they must be able to write the cache.
  chmodSync(dir, 0o777);
  for (const sub of ['cache', 'tmp']) mkdirSync(join(dir, sub), { mode: 0o777 });
  const port = await freePort();
  const accessLog = join(dir, 'access.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format cache '$upstream_cache_status $request_uri';
  access_log ${accessLog} cache;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=edge:10m max_size=100m;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_read_timeout 1h;
      # A CDN as the headers allow it: kept for max-age, served stale while it revalidates in
      # the background, conditional requests answered from the copy.
      proxy_cache edge;
      proxy_cache_revalidate on;
      proxy_cache_background_update on;
      proxy_cache_use_stale updating error timeout;
      proxy_cache_lock on;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}`);
    try {
      await fetch(`${baseUrl}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    baseUrl,
    log: () =>
      (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : '')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [cache = '', uri = ''] = line.split(' ');
          return { cache, uri };
        }),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
