import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Field, FieldError } from './Field';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const describedBy = (control: HTMLElement, root: ShadowRoot) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => root.getElementById(id)?.textContent);

describe('Field', () => {
  it('labels its control and ties the hint and the error to it', async () => {
    view = renderInShadow(
      <Field label="Fist name" hint="As on your invoice" error="First name is required" required>
        <input name="first_name" />
      </Field>,
    );
    await settle();
    const root = view.shadowRoot;
    const input = $(root, 'input');
    expect((input as HTMLInputElement).labels?.[0]?.textContent).toContain('Fist name');
    expect(describedBy(input, root)).toEqual(['As on your invoice', 'First name is required']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect($(root, '.ui-field').dataset.state).toBe('invalid');
    await expectNoAxeViolations(root);
  });

  it('has no error wiring while valid, and keeps the control’s own id and description', async () => {
    view = renderInShadow(
      <>
        <p id="own-note">Shown on the invoice</p>
        <Field label="Custom notes">
          <textarea id="notes" aria-describedby="own-note" />
        </Field>
      </>,
    );
    await settle();
    const root = view.shadowRoot;
    const textarea = $(root, 'textarea');
    expect(textarea.id).toBe('notes');
    expect($(root, 'label').getAttribute('for')).toBe('notes');
    expect(describedBy(textarea, root)).toEqual(['Shown on the invoice']);
    expect(textarea.hasAttribute('aria-invalid')).toBe(false);
    expect($(root, '.ui-field').dataset.state).toBe('valid');
    await expectNoAxeViolations(root);
  });

  it('updates the wiring when an error appears (dark theme)', async () => {
    const field = (error?: string) => (
      <Field label="Email" error={error}>
        <input type="email" />
      </Field>
    );
    view = renderInShadow(field(), { theme: 'dark' });
    await settle();
    const input = $(view.shadowRoot, 'input');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    view.rerender(field('Enter a valid email'));
    await settle();
    expect(describedBy(input, view.shadowRoot)).toEqual(['Enter a valid email']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(view.shadowRoot);
  });
});

describe('Field errors look the same on every control', () => {
  it('gives a text input, a textarea and a select the danger border when invalid', async () => {
    view = renderInShadow(
      <>
        <Field label="Name" error="Please enter a name">
          <input type="text" />
        </Field>
        <Field label="Message" error="Please enter a message">
          <textarea />
        </Field>
        <Field label="Country" error="Please choose a country">
          <select>
            <option>—</option>
          </select>
        </Field>
        <Field label="Valid">
          <input type="text" className="valid" />
        </Field>
      </>,
    );
    await settle();
    const root = view.shadowRoot;
    const border = (selector: string) => getComputedStyle($(root, selector)).borderTopColor;
    const danger = border('textarea');
    expect(border('select')).toBe(danger);
    expect(border('input[aria-invalid="true"]')).toBe(danger);
    expect(border('input.valid')).not.toBe(danger);
  });
});

describe('FieldError', () => {
  it("is styled as a field's error with no Field beside it, keeping its id and role", async () => {
    view = renderInShadow(
      <FieldError id="terms-error" role="alert">
        Please accept the terms.
      </FieldError>,
    );
    await settle();
    const error = $(view.shadowRoot, '#terms-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.className).toBe('ui-field__error');
    // field.css: 0.875em of the element's 15px, no margin.
    expect(getComputedStyle(error).fontSize).toBe(`${0.875 * 15}px`);
    expect(getComputedStyle(error).marginTop).toBe('0px');
  });
});
