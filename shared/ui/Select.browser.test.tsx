import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { paintedAtCentreOf } from '../../test/helpers/dialog';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Field } from './Field';
import { Modal } from './Modal';
import { Select, type SelectOption } from './Select';

const countries: SelectOption[] = [
  { value: 'CI', label: "Côte d'Ivoire" },
  { value: 'FR', label: 'France' },
  { value: 'GE', label: 'Georgia' },
  { value: 'DE', label: 'Germany' },
  { value: 'GH', label: 'Ghana' },
  { value: 'PT', label: 'Portugal' },
];

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

function Country({ onChange, initial = '' }: { onChange?: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Field label="Country">
      <Select
        options={countries}
        value={value}
        placeholder="Select a country"
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
    </Field>
  );
}

const input = (root: ShadowRoot) => $(root, 'input[role="combobox"]') as HTMLInputElement;
const optionTexts = (root: ShadowRoot) =>
  Array.from(root.querySelectorAll('[role="option"]')).map((option) => option.textContent);
const activeOption = (root: ShadowRoot) =>
  root.getElementById(input(root).getAttribute('aria-activedescendant') ?? '')?.textContent;

describe('Select', () => {
  it('is a labelled combobox that controls a listbox in the shadow root', async () => {
    view = renderInShadow(<Country />);
    await settle();
    const root = view.shadowRoot;
    const box = input(root);
    expect(box.labels?.[0]?.textContent).toBe('Country');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    const list = root.getElementById(box.getAttribute('aria-controls') ?? '');
    expect(list?.getAttribute('role')).toBe('listbox');
    await expectNoAxeViolations(root);
  });

  it('filters as one types, ignoring case and accents, and chooses with the keyboard', async () => {
    const onChange = vi.fn();
    view = renderInShadow(<Country onChange={onChange} />);
    await settle();
    const root = view.shadowRoot;
    input(root).focus();
    await userEvent.keyboard('g');
    await settle();
    expect(input(root).getAttribute('aria-expanded')).toBe('true');
    expect(optionTexts(root)).toEqual(['Georgia', 'Germany', 'Ghana', 'Portugal']);
    expect(activeOption(root)).toBe('Georgia');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    await settle();
    expect(activeOption(root)).toBe('Germany');
    await expectNoAxeViolations(root);

    await userEvent.keyboard('{Enter}');
    await settle();
    expect(onChange).toHaveBeenCalledWith('DE');
    expect(input(root).value).toBe('Germany');
    expect(input(root).getAttribute('aria-expanded')).toBe('false');
    expect(input(root).hasAttribute('aria-activedescendant')).toBe(false);

    input(root).select();
    await userEvent.keyboard('COTE');
    await settle();
    expect(optionTexts(root)).toEqual(["Côte d'Ivoire"]);
  });

  it('shows a no-results text, and Escape closes the list and restores the chosen country', async () => {
    view = renderInShadow(<Country initial="FR" />, { theme: 'dark' });
    await settle();
    const root = view.shadowRoot;
    expect(input(root).value).toBe('France');
    input(root).select();
    await userEvent.keyboard('zz');
    await settle();
    expect(optionTexts(root)).toEqual([]);
    expect($(root, '.ui-select__empty').textContent).toBe('No results found');
    await expectNoAxeViolations(root);
    await userEvent.keyboard('{Escape}');
    await settle();
    expect(input(root).getAttribute('aria-expanded')).toBe('false');
    expect(input(root).value).toBe('France');
  });

  it('opens on ArrowDown at the chosen option and chooses with a click', async () => {
    const onChange = vi.fn();
    view = renderInShadow(<Country initial="GE" onChange={onChange} />);
    await settle();
    const root = view.shadowRoot;
    input(root).focus();
    await userEvent.keyboard('{ArrowDown}');
    await settle();
    expect(optionTexts(root)).toHaveLength(countries.length);
    expect(activeOption(root)).toBe('Georgia');
    const ghana = Array.from(root.querySelectorAll<HTMLElement>('[role="option"]')).find(
      (option) => option.textContent === 'Ghana',
    );
    ghana?.click();
    await settle();
    expect(onChange).toHaveBeenCalledWith('GH');
    expect(input(root).value).toBe('Ghana');
  });

  it('opens upwards when the input sits at the bottom of the view, so every option can be reached', async () => {
    view = renderInShadow(
      <div style={{ paddingTop: `${window.innerHeight - 60}px` }}>
        <Country />
      </div>,
    );
    await settle();
    const root = view.shadowRoot;
    input(root).focus();
    await userEvent.keyboard('{ArrowDown}');
    await settle();
    const field = input(root).getBoundingClientRect();
    const list = $(root, '.ui-select__popup').getBoundingClientRect();
    expect(list.height).toBeGreaterThan(0);
    expect(list.bottom).toBeLessThanOrEqual(field.top);
    expect(list.top).toBeGreaterThanOrEqual(0);
  });

  it('closes only its list, not the surrounding modal, on Escape', async () => {
    const onClose = vi.fn();
    view = renderInShadow(
      <Modal open title="Generate Invoice" onClose={onClose}>
        <Country />
      </Modal>,
    );
    await settle();
    const root = view.shadowRoot;
    input(root).focus();
    await userEvent.keyboard('{ArrowDown}');
    await settle();
    expect(input(root).getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    await settle();
    expect(input(root).getAttribute('aria-expanded')).toBe('false');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows its list in the top layer: a modal, a clipping stacked container and a fixed cover hide no option', async () => {
    view = renderInShadow(
      <Modal open title="Generate Invoice">
        <Country />
      </Modal>,
    );
    const clip = document.createElement('div');
    clip.style.cssText = 'position: relative; z-index: 1; overflow: hidden; width: 120px; height: 40px';
    const cover = document.createElement('div');
    cover.style.cssText = 'position: fixed; inset: 0; z-index: 2147483647; background: rgb(0 0 0 / 10%)';
    document.body.append(clip, cover);
    clip.append(view.host);
    try {
      await settle();
      const root = view.shadowRoot;
      input(root).focus();
      await userEvent.keyboard('{ArrowDown}');
      await settle();
      const popup = $(root, '.ui-select__popup');
      expect(popup.matches(':popover-open')).toBe(true);
      // Placed by its input, not by the platform's centring.
      const field = input(root).getBoundingClientRect();
      const list = popup.getBoundingClientRect();
      expect(Math.round(list.left)).toBe(Math.round(field.left));
      expect(Math.round(list.width)).toBe(Math.round(field.width));
      expect(list.top).toBeGreaterThanOrEqual(field.bottom);
      for (const option of root.querySelectorAll('[role="option"]')) {
        expect(paintedAtCentreOf(option)).toBe(option);
      }
      await userEvent.keyboard('{Escape}');
      await settle();
      expect(popup.matches(':popover-open')).toBe(false);
    } finally {
      cover.remove();
      clip.remove();
    }
  });

  it('can be disabled (the state select until a country is chosen)', async () => {
    view = renderInShadow(
      <Field label="State / Province">
        <Select options={[]} onChange={vi.fn()} disabled placeholder="Choose a country first" />
      </Field>,
    );
    await settle();
    const root = view.shadowRoot;
    expect(input(root).disabled).toBe(true);
    input(root).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(input(root).getAttribute('aria-expanded')).toBe('false');
    await expectNoAxeViolations(root);
  });
});
