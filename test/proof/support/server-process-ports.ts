import { createServer } from 'node:net';

/** The ports this proof suite may listen on (issue #16's share of the machine). */
export const proofPorts = { from: 18501, to: 18600 } as const;
export const postgresPorts = { from: 54401, to: 54410 } as const;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

const handedOut = new Set<number>();

/**
 * The first port in the range that nobody listens on and that this process has not handed out yet
 * (a port given to a child process is not bound until the child starts).
 */
export async function freePort(range: { from: number; to: number } = proofPorts): Promise<number> {
  for (let port = range.from; port <= range.to; port += 1) {
    if (handedOut.has(port)) continue;
    if (await isFree(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`No free port between ${range.from} and ${range.to}.`);
}
