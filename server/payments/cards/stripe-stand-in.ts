import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received: method, path, query and the form-encoded body Stripe's client sends. */
export interface StripeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  authorization: string | undefined;
}

export interface StripeStandIn {
  url: string;
  calls: StripeCall[];
  /** Marks a Checkout Session as completed by the customer, with the card they entered. */
  complete(
    sessionId: string,
    card: { id: string; brand: string; last4: string; exp_month: number; exp_year: number },
  ): void;
  /** The next call to this path answers with a Stripe error. */
  failNext(path: string, message: string): void;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

/**
 * A local HTTP server answering the few Stripe API calls the card gateway makes (customers, setup-mode
 * Checkout Sessions, customer update, payment-method detach), in Stripe's shapes, for tests.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const failures = new Map<string, string>();
  let counter = 0;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = new URLSearchParams(await readBody(request));
    const method = request.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      authorization: request.headers.authorization,
    });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${calls.length}` });
      response.end(JSON.stringify(payload));
    };
    const failure = failures.get(url.pathname);
    if (failure) {
      failures.delete(url.pathname);
      return send(400, { error: { type: 'invalid_request_error', message: failure } });
    }
    counter += 1;
    if (method === 'POST' && url.pathname === '/v1/customers') {
      return send(200, { id: `cus_test_${counter}`, object: 'customer', email: body.get('email') });
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${counter}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: body.get('mode'),
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        success_url: body.get('success_url'),
        cancel_url: body.get('cancel_url'),
        setup_intent: {
          id: `seti_${counter}`,
          object: 'setup_intent',
          status: 'requires_payment_method',
          payment_method: null,
        },
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const session = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (method === 'GET' && session?.[1]) {
      const found = sessions.get(session[1]);
      return found
        ? send(200, found)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    if (method === 'POST' && /^\/v1\/customers\/[\w-]+$/.test(url.pathname)) {
      return send(200, { id: url.pathname.split('/').pop(), object: 'customer' });
    }
    if (method === 'POST' && /^\/v1\/payment_methods\/[\w-]+\/detach$/.test(url.pathname)) {
      return send(200, { id: url.pathname.split('/')[3], object: 'payment_method', customer: null });
    }
    return send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname})`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    complete(sessionId, card) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      session.setup_intent = {
        id: `seti_done_${sessionId}`,
        object: 'setup_intent',
        status: 'succeeded',
        payment_method: { id: card.id, object: 'payment_method', type: 'card', card },
      };
    },
    failNext(path, message) {
      failures.set(path, message);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
