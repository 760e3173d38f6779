import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { allowedTags, hostileBodies } from '../../test/fixtures/hostile-html';
import { shadow, until } from '../../test/helpers/dom';
import { stubNetwork } from './test-support';
import './define';

declare global {
  interface Window {
    __xss?: number;
  }
}

let messages = 0;
const onMessage = (event: MessageEvent) => {
  if (event.data === 'xss') messages += 1;
};

/** The test page runs in the runner's frame: a payload's `parent` is that frame, watched as well. */
const watched = [window, window.parent] as Window[];

beforeEach(() => {
  for (const target of watched) {
    target.__xss = undefined;
    target.addEventListener('message', onMessage);
  }
  messages = 0;
  session.setToken('token-abc');
});

afterEach(() => {
  for (const target of watched) target.removeEventListener('message', onMessage);
  fixtureCleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.signOut();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('hostile message bodies', () => {
  it(`the flag works: one body put in unsanitized sets it (control for the ${hostileBodies.length} below)`, async () => {
    const probe = document.createElement('div');
    document.body.append(probe);
    probe.innerHTML = hostileBodies.find((body) => body.startsWith('<img src=x onerror="')) ?? '';
    await until(() => window.__xss === 1 && window.parent.__xss === 1 && messages > 0);
    probe.remove();
  });

  it(`runs none of ${hostileBodies.length} bodies, even when the server let them through unchanged`, async () => {
    expect(hostileBodies.length).toBeGreaterThanOrEqual(200);
    const threads = hostileBodies.map((body, index) => ({
      id: index + 1,
      source: { via: index % 2 ? 'user' : 'customer' },
      body,
      createdBy: { first: 'Eve', last: 'Hostile', photoUrl: null },
      createdAt: '2026-11-20T09:30:00Z',
      status: 'active',
      attachments: [],
    }));
    stubNetwork(() => ({
      body: {
        conversation: { id: 1, subject: 'Hostile', status: 'active', createdAt: '2026-11-20T09:30:00Z' },
        threads,
      },
    }));
    const element = await fixture<HTMLElement>(
      html`<vendor-tickets api-base="/hostile/api/v1" conversation-id="1"></vendor-tickets>`,
    );
    const root = shadow(element);
    await until(() => root.querySelectorAll('.tickets__body').length === hostileBodies.length, 10_000);
    // Focus and toggles fire asynchronously; give them time to run.
    for (const node of root.querySelectorAll<HTMLElement>('.tickets__body *')) node.focus?.();
    await settle();

    expect(watched.map((target) => target.__xss)).toEqual([undefined, undefined]);
    expect(messages).toBe(0);
    for (const node of root.querySelectorAll('.tickets__body *')) {
      expect(allowedTags.has(node.tagName), node.outerHTML).toBe(true);
      for (const attribute of node.attributes) {
        expect(['href', 'title', 'target', 'rel'], node.outerHTML).toContain(attribute.name);
      }
      const href = node.getAttribute('href');
      if (href !== null) expect(href, node.outerHTML).toMatch(/^(https?|mailto):/i);
    }
  });
});
