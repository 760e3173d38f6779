import { act, type ReactNode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElementHostContext } from '../element/host-context';
import { Field } from './Field';
import { Modal } from './Modal';
import { Select } from './Select';
import { Tabs } from './Tabs';

/*
 * The browser tests run the primitives under preact/compat, as the embed build ships them. The React
 * edition renders them with real React 19: this checks they work there too (portals, ids, input events).
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// happy-dom has no Popover API (the Select's list is a popover); Chromium's is tested in the browser tests.
HTMLElement.prototype.showPopover ??= () => {};
HTMLElement.prototype.hidePopover ??= () => {};

let root: Root | undefined;
let host: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

function mount(ui: ReactNode): ShadowRoot {
  host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const reactRoot = createRoot(shadow);
  root = reactRoot;
  act(() =>
    reactRoot.render(
      <ElementHostContext.Provider
        value={{ container: shadow, titledByPage: false, emit: () => {}, announceNavigation: () => true }}
      >
        {ui}
      </ElementHostContext.Provider>,
    ),
  );
  return shadow;
}

function Country({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Field label="Country" error="Please select a country">
      <Select
        options={[
          { value: 'FR', label: 'France' },
          { value: 'DE', label: 'Germany' },
        ]}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </Field>
  );
}

describe('UI primitives under React 19', () => {
  it('shows a modal <dialog> in the shadow root, labelled by its title', () => {
    const shadow = mount(
      <Modal open title="Create New Ticket">
        <input aria-label="Subject" />
      </Modal>,
    );
    const dialog = shadow.querySelector('[role="dialog"]');
    expect(dialog?.tagName).toBe('DIALOG');
    expect(dialog?.parentNode).toBe(shadow);
    expect((dialog as HTMLDialogElement | null)?.open).toBe(true);
    expect(shadow.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Create New Ticket',
    );
  });

  it('filters a Select on input and chooses with Enter, wired to its Field', () => {
    const onChange = vi.fn();
    const errors = vi.spyOn(console, 'error');
    const shadow = mount(<Country onChange={onChange} />);
    const input = shadow.querySelector<HTMLInputElement>('input[role="combobox"]');
    if (!input) throw new Error('no combobox');
    expect(shadow.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please select a country',
    );
    act(() => {
      // React tracks the value itself; set it through the native setter so the input event counts.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'ger');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(Array.from(shadow.querySelectorAll('[role="option"]')).map((o) => o.textContent)).toEqual([
      'Germany',
    ]);
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith('DE');
    expect(input.value).toBe('Germany');
    // No controlled-input or key warnings from React.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('switches tabs', () => {
    const shadow = mount(
      <Tabs
        label="Sections"
        items={[
          { id: 'a', label: 'Users', content: 'User list' },
          { id: 'b', label: 'Orders', content: 'Order list' },
        ]}
      />,
    );
    const orders = shadow.querySelector<HTMLElement>('[data-tab="b"]');
    act(() => orders?.click());
    expect(shadow.querySelector('[role="tabpanel"]:not([hidden])')?.textContent).toBe('Order list');
    expect(orders?.dataset.state).toBe('active');
  });
});
