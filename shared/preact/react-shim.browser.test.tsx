import { atom } from 'nanostores';
import { useRef, useState, useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Button } from '../ui/Button';

/*
 * The browser project resolves `react` and `react-dom` to shared/preact/ as the embed build does
 * (vite.shared.ts), so these run the React behaviours the views are written for on Preact, in Chromium.
 */

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

function mount(ui: React.ReactNode): ShadowRoot {
  view = renderInShadow(ui);
  return view.shadowRoot;
}

describe('React behaviours on Preact', () => {
  it('fires onChange on every keystroke of a text field, and on a click of a checkbox', async () => {
    const typed: string[] = [];
    const ticked: boolean[] = [];
    const root = mount(
      <>
        <input id="site" aria-label="Site" onChange={(event) => typed.push(event.currentTarget.value)} />
        <input
          id="agree"
          aria-label="Agree"
          type="checkbox"
          onChange={(event) => ticked.push(event.currentTarget.checked)}
        />
      </>,
    );
    await userEvent.type($(root, '#site'), 'abc');
    await userEvent.click($(root, '#agree'));
    expect(typed).toEqual(['a', 'ab', 'abc']);
    expect(ticked).toEqual([true]);
  });

  it('keeps onInput working next to onChange on the same field', async () => {
    const heard: string[] = [];
    const root = mount(
      <input aria-label="Name" onInput={() => heard.push('input')} onChange={() => heard.push('change')} />,
    );
    await userEvent.type($(root, 'input'), 'x');
    expect(heard.sort()).toEqual(['change', 'input']);
  });

  it('lets onFocus and onBlur bubble from a field to its group, as React does', async () => {
    const heard: string[] = [];
    const root = mount(
      // biome-ignore lint/a11y/noStaticElementInteractions: the group only listens, as a form section does.
      <div onFocus={() => heard.push('focus')} onBlur={() => heard.push('blur')}>
        <input aria-label="Email" />
      </div>,
    );
    $(root, 'input').focus();
    $(root, 'input').blur();
    expect(heard).toEqual(['focus', 'blur']);
  });

  it('writes camelCase SVG presentation attributes in their SVG names, and className as class', () => {
    const root = mount(
      <svg className="card-icon" aria-hidden="true" viewBox="0 0 10 10">
        <path d="M0 0h10" strokeWidth="2" fillOpacity="0.5" />
        <text textAnchor="middle">x</text>
      </svg>,
    );
    const path = $(root, 'path');
    expect(path.getAttribute('stroke-width')).toBe('2');
    expect(path.getAttribute('fill-opacity')).toBe('0.5');
    expect($(root, 'text').getAttribute('text-anchor')).toBe('middle');
    expect(path.hasAttribute('strokeWidth')).toBe(false);
    expect($(root, 'svg').getAttribute('class')).toBe('card-icon');
  });

  it('passes ref to a function component as a prop (React 19), down to its DOM node', () => {
    let button: HTMLButtonElement | null = null;
    function Form() {
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <Button
          ref={(node) => {
            ref.current = node;
            button = node;
          }}
        >
          Save
        </Button>
      );
    }
    const root = mount(<Form />);
    expect(button).toBe($(root, 'button'));
  });

  it('renders a store with useSyncExternalStore and follows its changes, and stops on unmount', async () => {
    const $count = atom(1);
    function Counter() {
      const count = useSyncExternalStore($count.listen, $count.get);
      return <output>{count}</output>;
    }
    const root = mount(<Counter />);
    expect($(root, 'output').textContent).toBe('1');
    $count.set(2);
    await settle();
    expect($(root, 'output').textContent).toBe('2');
    view?.unmount();
    view = undefined;
    expect($count.lc).toBe(0);
  });

  it('catches a store change between the render and the subscription', async () => {
    const $status = atom('loading');
    function Status() {
      const status = useSyncExternalStore($status.listen, $status.get);
      // A child that changes the store while rendering: the parent has not subscribed yet.
      if (status === 'loading') $status.set('ready');
      return <output>{status}</output>;
    }
    const root = mount(<Status />);
    await settle();
    expect($(root, 'output').textContent).toBe('ready');
  });
});

describe('controlled fields on Preact', () => {
  const field = <T extends HTMLElement>(root: ShadowRoot, selector: string) => $(root, selector) as T;

  /** A checkbox, a radio group and a select, controlled; `accept` decides whether a change is kept. */
  function Choices({ accept }: { accept: (apply: () => void) => void }) {
    const [agreed, setAgreed] = useState(false);
    const [plan, setPlan] = useState('monthly');
    const [tier, setTier] = useState('1');
    return (
      <>
        <input
          id="agree"
          aria-label="Agree"
          type="checkbox"
          checked={agreed}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            accept(() => setAgreed(checked));
          }}
        />
        {['monthly', 'yearly'].map((choice) => (
          <input
            key={choice}
            id={choice}
            aria-label={choice}
            type="radio"
            name="plan"
            checked={plan === choice}
            onChange={() => accept(() => setPlan(choice))}
          />
        ))}
        <select
          aria-label="Tier"
          value={tier}
          onChange={(event) => {
            const value = event.currentTarget.value;
            accept(() => setTier(value));
          }}
        >
          <option value="1">1 site</option>
          <option value="5">5 sites</option>
        </select>
      </>
    );
  }

  async function changeAll(root: ShadowRoot) {
    await userEvent.click(field(root, '#agree'));
    await userEvent.click(field(root, '#yearly'));
    await userEvent.selectOptions(field<HTMLSelectElement>(root, 'select'), '5');
  }

  function shown(root: ShadowRoot) {
    return {
      agreed: field<HTMLInputElement>(root, '#agree').checked,
      monthly: field<HTMLInputElement>(root, '#monthly').checked,
      yearly: field<HTMLInputElement>(root, '#yearly').checked,
      tier: field<HTMLSelectElement>(root, 'select').value,
    };
  }
  const before = { agreed: false, monthly: true, yearly: false, tier: '1' };
  const after = { agreed: true, monthly: false, yearly: true, tier: '5' };

  it('puts them back to what was rendered when onChange leaves the state as it was, as React does', async () => {
    // The cart ignores a click while one of its changes is in flight (shared/stores/cart.ts).
    const root = mount(<Choices accept={() => {}} />);
    await changeAll(root);
    await settle();
    expect(shown(root)).toEqual(before);
  });

  it('shows the new value once the state takes it, at once or when an answer comes', async () => {
    const root = mount(<Choices accept={(apply) => apply()} />);
    await changeAll(root);
    await settle();
    expect(shown(root)).toEqual(after);

    view?.unmount();
    const pending: (() => void)[] = [];
    const later = mount(<Choices accept={(apply) => pending.push(apply)} />);
    await changeAll(later);
    await settle();
    expect(shown(later)).toEqual(before);
    for (const apply of pending) apply();
    await settle();
    expect(shown(later)).toEqual(after);
  });

  it("lets code read a change right after click(), as React's synchronous render does", async () => {
    // The affiliate registration reads its form with FormData the moment it is submitted.
    const root = mount(<Choices accept={(apply) => apply()} />);
    const box = field<HTMLInputElement>(root, '#agree');
    box.click();
    expect(box.checked).toBe(true);
    await settle();
    expect(box.checked).toBe(true);
  });
});
