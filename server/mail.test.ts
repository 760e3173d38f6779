import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createMailer } from './mail/mailer';
import { createTestApp, type TestApp } from './test-support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('development outbox', () => {
  it('stores what is sent and lists it newest first, as JSON and as an escaped HTML page', async () => {
    const mailer = createMailer(t.config, t.handle.db);
    await mailer.send({ to: 'first@example.com', subject: 'First', text: 'Hello' });
    await mailer.send({
      to: 'second@example.com',
      subject: '<script>alert(1)</script>',
      text: 'Reset: http://localhost/auth/reset-password?key=abc&user=2',
      html: '<p>Reset</p>',
    });

    const json = await t.app.request('/dev/outbox.json');
    expect(json.status).toBe(200);
    const messages = (await json.json()) as {
      to: string;
      subject: string;
      html: string | null;
      created: string;
    }[];
    expect(messages.map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(messages[0]?.html).toBe('<p>Reset</p>');
    expect(messages[0]?.created).toMatch(/^\d{4}-\d\d-\d\dT/);

    const page = await t.app.request('/dev/outbox');
    const html = await page.text();
    expect(page.headers.get('Content-Type')).toContain('text/html');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('key=abc&amp;user=2');
    expect(html.indexOf('second@example.com')).toBeLessThan(html.indexOf('first@example.com'));
  });

  it('is off in production, where mail goes to SMTP', async () => {
    const production = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' });
    expect(production.devOutbox).toBe(false);
    expect(production.seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devOutbox).toBe(true);
  });
});
