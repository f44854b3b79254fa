// Ports for the processes a browser test starts (podium, Mailpit, stripe-mock, nginx).
//
// A port the kernel gives out for port 0 lies in its range for outgoing connections, where any
// connection to PostgreSQL or Redis can take it between the check and the process's bind
// ("address already in use"). These ports lie below that range, where only an explicit bind
// can take them; each worker starts at a random place and walks on, as the Go tests do
// (internal/platform/porttest).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const low = 10_000;
let next = 0;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.once('error', () => resolveFree(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}

/** The first port of the kernel's range for outgoing connections. */
function ephemeralStart(): number {
  try {
    const start = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return start > low + 1_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

/** Takes `count` consecutive ports from the walk and returns the first. */
function take(count: number): number {
  const high = ephemeralStart();
  if (next < low || next + count > high) next = low + Math.floor(Math.random() * (high - low - count));
  const first = next;
  next += count;
  return first;
}

/** A loopback port nobody listens on; the caller binds it next. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 1_000; attempt += 1) {
    const port = take(1);
    if (await portIsFree(port)) return port;
  }
  throw new Error('no free loopback port found');
}

/** A base whose base+1..base+4 are all free (podium's four gRPC services, PODIUM_GRPC_PORT_BASE). */
export async function freePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const base = take(5);
    const checks = await Promise.all([1, 2, 3, 4].map((offset) => portIsFree(base + offset)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('no free gRPC port range found');
}
