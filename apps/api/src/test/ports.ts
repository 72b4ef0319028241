import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:http';

// A port for a server the tests and benchmarks start in a process of their own (the API, Redis,
// PgBouncer, the benchmarks' reference): free now, and below the range the system hands out for
// port 0. A port the system handed out is free only until the child binds it, a moment or seconds
// later: a server of another test listening on port 0 meanwhile may be given the same one, and
// then answers in the child's place. Below that range only a port asked for by number can collide.
export async function portToListenOn(): Promise<number> {
  let low = 32768;
  try {
    low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    // Not Linux: the usual start of the range.
  }
  const lowest = Math.max(1024, low - 12_000);
  for (;;) {
    const port = lowest + Math.floor(Math.random() * (low - lowest));
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

// Whether the process with this pid holds the socket listening on the port (Linux: /proc), or null
// where that cannot be read.
export function listensOn(pid: number, port: number): boolean | null {
  let table: string;
  try {
    table = readFileSync('/proc/net/tcp', 'utf8') + readFileSync('/proc/net/tcp6', 'utf8');
  } catch {
    return null;
  }
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    table
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
      .map((fields) => `socket:[${fields[9]}]`),
  );
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
  } catch {
    return null;
  }
}
