/**
 * The demo pages' events log: every `vendor-*` event the elements dispatch reaches the document (they
 * bubble out of their shadow roots, `composed: true`), so one listener per name on `document` sees them
 * all. This file is the page's only script besides the loader: the server's CSP refuses inline scripts.
 * It only listens: a cancelable `vendor-navigate` is logged, never prevented.
 */

/** Every event the elements dispatch (docs/events.md has their detail types). */
const eventNames = [
  'vendor-affiliate-copied',
  'vendor-affiliate-registered',
  'vendor-cart-changed',
  'vendor-coupon-applied',
  'vendor-invoice-generated',
  'vendor-licence-copied',
  'vendor-navigate',
  'vendor-profile-updated',
  'vendor-purchase-completed',
  'vendor-signed-in',
  'vendor-signed-out',
  'vendor-site-added',
  'vendor-site-removed',
  'vendor-subscription-updated',
  'vendor-switch-back',
  'vendor-ticket-created',
  'vendor-ticket-open',
  'vendor-ticket-replied',
  'vendor-user-switched',
];

/** The element that dispatched the event: the innermost `vendor-*` element on its path. */
function sourceOf(event) {
  const element = event
    .composedPath()
    .find((node) => node instanceof Element && node.localName.startsWith('vendor-'));
  return element ?? event.target;
}

/** Which brand column the element sits in, when the page shows several. */
function brandOf(element) {
  return element instanceof Element ? element.closest('[data-brand]')?.getAttribute('data-brand') : null;
}

function entryFor(event) {
  const source = sourceOf(event);
  const item = document.createElement('li');
  item.className = 'events-log__entry';
  const time = document.createElement('time');
  const now = new Date();
  time.dateTime = now.toISOString();
  // Written out: the first toLocaleTimeString() of a page spends about 40 ms loading locale data.
  time.textContent = [now.getHours(), now.getMinutes(), now.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  const name = document.createElement('code');
  name.className = 'events-log__name';
  name.textContent = event.type;
  const from = document.createElement('span');
  const brand = brandOf(source);
  from.textContent = ` from <${source instanceof Element ? source.localName : 'document'}>${brand ? ` (${brand})` : ''}`;
  const detail = document.createElement('pre');
  detail.className = 'events-log__detail';
  // textContent, never markup: a detail carries what users typed (coupon codes, site URLs).
  detail.textContent = JSON.stringify(event.detail ?? null, null, 2);
  item.append(time, ' ', name, from, detail);
  return item;
}

function start() {
  const list = document.querySelector('[data-events-log] ol');
  const count = document.querySelector('[data-events-count]');
  if (!list) return;
  let received = 0;
  const log = (event) => {
    received += 1;
    list.prepend(entryFor(event));
    list.hidden = false;
    if (count) count.textContent = `${received} ${received === 1 ? 'event' : 'events'} received`;
  };
  for (const name of eventNames) document.addEventListener(name, log);
}

start();
