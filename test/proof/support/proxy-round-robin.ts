import { createServer, request as forward, type Server } from 'node:http';

/**
 * The smallest load balancer there is: each incoming request goes to the next upstream in turn, with its
 * method, path, headers and body untouched, and the answer comes back as the upstream gave it. It counts
 * the requests each upstream served, so a proof can show that both processes took part.
 */
export interface RoundRobinProxy {
  url: string;
  /** Requests forwarded to each upstream, in the order the upstreams were given. */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(port: number, upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((upstream) => new URL(upstream));
  const served = targets.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % targets.length;
    const target = targets[index];
    if (!target) throw new Error('A round-robin proxy needs at least one upstream.');
    served[index] = (served[index] ?? 0) + 1;
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      outgoing.writeHead(502, { 'Content-Type': 'text/plain' });
      outgoing.end('Bad gateway');
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
