// Ports for the processes a browser test starts (podium, Mailpit, stripe-mock, nginx).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port the kernel has just given out as free; the caller binds it at once. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.once('error', () => resolveFree(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}

/**
 * The first port of the kernel's range for outgoing connections: a port at or above it can be
 * taken by any connection between the check and podium's bind, so fixed ports stay below it.
 */
function ephemeralStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/** A base whose base+1..base+4 are all free (podium's four gRPC services, PODIUM_GRPC_PORT_BASE). */
export async function freePortBase(): Promise<number> {
  const top = ephemeralStart() - 5;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 10_000 + Math.floor(Math.random() * (top - 10_000));
    const checks = await Promise.all([1, 2, 3, 4].map((offset) => portIsFree(base + offset)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('no free gRPC port range found');
}
