import { Hono } from 'hono';
import { storageKeys } from '../../shared/catalogue/storage';
import type { AppEnv } from '../http/app-env';

/**
 * The page a renewal charge waiting for the customer (3-D Secure) is completed on; the mail links here
 * (`completionPageUrl`). The address's random reference is not enough: the page shows and confirms
 * nothing by itself. Its script (our CSP allows no inline one) calls `GET` and `POST
 * /api/v1/renewal-payments/:ref` with the portal's stored sign-in token, as the portal does, so only the
 * signed-in owner sees the charge and confirms it; anyone else is asked to sign in, or told there is no
 * such payment.
 */
const shell = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Complete your renewal payment</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d2327; }
h1 { font-size: 1.4rem; }
button { font: inherit; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid #2271b1; background: #2271b1; color: #fff; cursor: pointer; }
button[disabled] { opacity: .6; cursor: default; }
[role="alert"] { border: 1px solid currentColor; border-radius: 4px; padding: .5rem .75rem; }
.error { color: #b32d2e; }
.done { color: #00a32a; }
</style>
</head>
<body>
<main>
<h1>Complete your renewal payment</h1>
<p id="details">Loading the payment…</p>
<p id="result" role="alert" hidden></p>
<p><button id="confirm" type="button" hidden>Confirm payment</button></p>
<p><a id="account" href="/user/subscription">Your subscriptions</a></p>
</main>
<script type="module" src="/billing/complete.js"></script>
</body>
</html>`;

const script = `const tokenKey = ${JSON.stringify(storageKeys.accessToken)};
const ref = location.pathname.split('/').pop();
const api = '/api/v1/renewal-payments/' + ref;
const details = document.getElementById('details');
const result = document.getElementById('result');
const button = document.getElementById('confirm');
const token = () => { try { return localStorage.getItem(tokenKey); } catch { return null; } };
const show = (text, kind) => { result.textContent = text; result.className = kind; result.hidden = false; };
async function call(method) {
  const headers = { Accept: 'application/json' };
  const current = token();
  if (current) headers['X-WP-Nonce'] = current;
  const response = await fetch(api, { method, headers, credentials: 'omit' });
  const rotated = response.headers.get('X-WP-Nonce');
  if (rotated) { try { localStorage.setItem(tokenKey, rotated); } catch {} }
  return { status: response.status, body: await response.json().catch(() => ({})) };
}
function signIn() {
  details.textContent = 'Sign in to your account to complete this payment, then open this page again.';
  const link = document.getElementById('account');
  link.textContent = 'Sign in';
  // Sign-in brings the customer back here (a same-origin path, as the portal's sign-in accepts).
  link.href = '/auth/sign-in?redirect=' + encodeURIComponent(location.pathname);
}
async function load() {
  if (!token()) return signIn();
  const { status, body } = await call('GET');
  if (status === 401) return signIn();
  if (status !== 200) { details.textContent = ''; return show(body.message || 'No such payment.', 'error'); }
  details.textContent = body.product + ': renewal payment of ' + body.amount + '.';
  if (body.state !== 'waiting') return show(body.message, body.state === 'paid' ? 'done' : 'error');
  button.hidden = false;
  // Back from the bank's page (Stripe adds payment_intent to the return address): confirm at once.
  if (new URLSearchParams(location.search).has('payment_intent')) button.click();
}
button.addEventListener('click', async () => {
  button.disabled = true;
  const { status, body } = await call('POST');
  if (status === 401) { button.hidden = true; return signIn(); }
  if (status === 200 && body.state === 'redirect') { location.assign(body.redirect_url); return; }
  show(body.message || 'The payment could not be completed.', status === 200 ? 'done' : 'error');
  button.hidden = status === 200 || status === 404 || status === 409;
  button.disabled = false;
});
load();
`;

/** `GET /billing/complete/:ref` (the page, the same for every reference) and its script. */
export function renewalPaymentPageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/billing/complete.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(script);
  });

  app.get('/billing/complete/:ref', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.html(shell);
  });

  return app;
}
