import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received: method, path, query and the form-encoded body Stripe's client sends. */
export interface StripeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

/**
 * Test payment methods that refuse off-session charges, as Stripe's test cards do; a suffix
 * (`_2`) makes another card that behaves the same.
 */
export const standInDeclining = 'pm_card_chargeDeclined';
export const standInNeedsAuthentication = 'pm_card_authenticationRequired';

export interface StripeStandIn {
  url: string;
  calls: StripeCall[];
  /** Marks a Checkout Session as completed by the customer, with the card they entered. */
  complete(
    sessionId: string,
    card: { id: string; brand: string; last4: string; exp_month: number; exp_year: number },
  ): void;
  /** PaymentIntents made, by idempotency key: a key sent again gets the same intent, not a new one. */
  intents: Map<string, Record<string, unknown>>;
  /**
   * The next confirmation of a PaymentIntent waiting for the customer sends them to their bank's page
   * (`next_action.redirect_to_url`) instead of succeeding at once; `authenticate` then plays them
   * passing it.
   */
  redirectNextConfirm(): void;
  /** The customer passed the bank's 3-D Secure page: the intent is paid. */
  authenticate(intentId: string): void;
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

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A confirmed off-session intent: paid, or refused by the test card as Stripe refuses it. */
function paymentIntent(id: string, body: URLSearchParams): Record<string, unknown> {
  const method = body.get('payment_method');
  // A suffix names another saved copy of the same test card (`pm_card_authenticationRequired_2`).
  const status = method?.startsWith(standInNeedsAuthentication)
    ? 'requires_action'
    : method?.startsWith(standInDeclining)
      ? 'requires_payment_method'
      : 'succeeded';
  return {
    id,
    object: 'payment_intent',
    amount: Number(body.get('amount')),
    currency: body.get('currency'),
    customer: body.get('customer'),
    payment_method: method,
    off_session: body.get('off_session') === 'true',
    confirm: body.get('confirm') === 'true',
    metadata: Object.fromEntries(
      [...body.entries()]
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice(9, -1), value]),
    ),
    status,
  };
}

/** Stripe's 402 for a refused confirmation: a card error carrying the intent. */
function cardError(intent: Record<string, unknown>) {
  const authentication = intent.status === 'requires_action';
  return {
    error: {
      type: 'card_error',
      code: authentication ? 'authentication_required' : 'card_declined',
      decline_code: authentication ? undefined : 'generic_decline',
      message: authentication ? 'This payment requires authentication.' : 'Your card was declined.',
      payment_intent: intent,
    },
  };
}

/**
 * A local HTTP server answering the few Stripe API calls the card gateway makes (customers, setup-mode
 * Checkout Sessions, customer update, payment-method detach, off-session PaymentIntents with their
 * idempotency keys), in Stripe's shapes, for tests.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const failures = new Map<string, string>();
  const intents = new Map<string, Record<string, unknown>>();
  let counter = 0;
  let redirectNext = false;
  const intentById = (id: string) => [...intents.values()].find((intent) => intent.id === id);

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
      idempotencyKey: header(request, 'idempotency-key'),
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
    if (method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = header(request, 'idempotency-key');
      const known = key ? intents.get(key) : undefined;
      const intent = known ?? paymentIntent(`pi_test_${counter}`, body);
      if (key) intents.set(key, intent);
      return intent.status === 'succeeded' ? send(200, intent) : send(402, cardError(intent));
    }
    const intentPath = /^\/v1\/payment_intents\/([\w-]+)(\/confirm)?$/.exec(url.pathname);
    if (intentPath?.[1]) {
      const intent = intentById(intentPath[1]);
      if (!intent) {
        return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      if (method === 'GET' && !intentPath[2]) return send(200, intent);
      if (method === 'POST' && intentPath[2]) {
        // Stripe refuses to confirm an intent that is already paid.
        if (intent.status === 'succeeded') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'You cannot confirm this PaymentIntent because it has already succeeded.',
            },
          });
        }
        if (redirectNext) {
          redirectNext = false;
          intent.status = 'requires_action';
          intent.next_action = {
            type: 'redirect_to_url',
            redirect_to_url: {
              url: `https://hooks.stripe.test/3d_secure_2/authenticate/${String(intent.id)}`,
              return_url: body.get('return_url'),
            },
          };
          return send(200, intent);
        }
        // On-session, the customer passes 3-D Secure in the confirmation (Stripe.js's modal).
        intent.status = 'succeeded';
        intent.next_action = null;
        return send(200, intent);
      }
    }
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
    intents,
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
    redirectNextConfirm() {
      redirectNext = true;
    },
    authenticate(intentId) {
      const intent = intentById(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.status = 'succeeded';
      intent.next_action = null;
    },
    failNext(path, message) {
      failures.set(path, message);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
