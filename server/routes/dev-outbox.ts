import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { escapeHtml } from '../http/html';
import { listOutbox, type OutboxMessage } from '../mail/outbox';

function renderMessage(message: OutboxMessage): string {
  return `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(message.to)}</strong> · from ${escapeHtml(message.from)} · <time datetime="${escapeHtml(message.created)}">${escapeHtml(message.created)}</time></p>
  <pre>${escapeHtml(message.text)}</pre>
</article>`;
}

/**
 * The development outbox: what a user would have received by e-mail, newest first. Everything is shown
 * as escaped text (the HTML version is in the JSON), so a message can never run script on this page.
 * Mounted only when mail is not really sent (NODE_ENV other than production).
 */
export function devOutboxRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/dev/outbox.json', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listOutbox(c.get('deps').db));
  });

  app.get('/dev/outbox', async (c) => {
    const messages = await listOutbox(c.get('deps').db);
    const body = messages.length ? messages.map(renderMessage).join('\n') : '<p>No messages yet.</p>';
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox (development)</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
article { border: 1px solid #ccc; border-radius: 6px; padding: 0 1rem; margin: 1rem 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: .75rem; }
.meta { color: #555; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Messages the server would have e-mailed, newest first (${messages.length}). Also as <a href="/dev/outbox.json">JSON</a>.</p>
${body}
</body>
</html>`);
  });

  return app;
}
