import { afterEach, describe, expect, it } from 'vitest';
import { createVendorElement } from './create-element';
import { ElementSubtitle, ElementTitle } from './ElementTitle';

function Probe() {
  return (
    <section aria-labelledby="probe-title">
      <ElementTitle id="probe-title" className="probe__title">
        My Tickets
      </ElementTitle>
      <ElementSubtitle>Open tickets</ElementSubtitle>
    </section>
  );
}

// A self-titling element lists `no-heading` among its attributes, as the real ones do.
customElements.define(
  'vendor-title-probe',
  createVendorElement(Probe, { styles: '', attributes: { noHeading: 'boolean' } }),
);

async function mount(attributes: string): Promise<ShadowRoot> {
  const holder = document.createElement('div');
  holder.innerHTML = `<vendor-title-probe ${attributes}></vendor-title-probe>`;
  document.body.append(holder);
  const root = holder.querySelector('vendor-title-probe')?.shadowRoot;
  if (!root) throw new Error('no shadow root');
  for (let i = 0; i < 100 && !root.querySelector('section'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('an element title', () => {
  it('is an h2 when the element stands alone', async () => {
    const root = await mount('');
    expect(root.querySelector('h2')?.textContent).toBe('My Tickets');
    expect(root.querySelector('h3')?.textContent).toBe('Open tickets');
  });

  it('is left out under a page that titles it (no-heading), the words kept as the section name', async () => {
    const root = await mount('no-heading="true"');
    // Its sub-headings move up a level: they follow the page's h1 (heading levels go down one at a time).
    expect([...root.querySelectorAll('h1, h2, h3')].map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      'H2 Open tickets',
    ]);
    const label = root.getElementById('probe-title');
    expect(label?.hidden).toBe(true);
    expect(label?.textContent).toBe('My Tickets');
  });
});
