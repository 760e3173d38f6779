import { options, type VNode } from 'preact';

/**
 * The React behaviours our views are written for, applied to every vnode before Preact renders it:
 * - `onChange` on a text field fires on every keystroke (React), not on commit (the DOM's `change`);
 * - a controlled checkbox, radio or select shows what was rendered after its onChange (see `keepRendered`);
 * - `onFocus`/`onBlur` bubble (React listens to `focusin`/`focusout`);
 * - SVG presentation attributes are written in camelCase (`strokeWidth` → `stroke-width`);
 * - `ref` is a prop of function components (React 19), so a view passes it on without forwardRef.
 */
const commitOnChange = new Set(['checkbox', 'radio', 'file']);
const svgCamelCase = /^(?:clip|fill|flood|font|marker|stop|stroke|text)[A-Z]/;

type Props = Record<string, unknown>;
type Field = HTMLInputElement | HTMLSelectElement;

/**
 * React puts a controlled field back to its rendered value once onChange has run, so a change the state
 * does not take (the cart ignores a click while one of its changes is in flight) never shows; Preact only
 * writes a value when it renders. So the field (a radio: its whole group) goes back to what was rendered,
 * in a microtask queued before the handler runs, hence before the render the handler causes (a user's
 * event starts a task: no render is pending then), and that render writes the new value. Until then the
 * field shows the user's change, as React's synchronous render does to code that reads it right after
 * `click()` (a form read at once). A box's rendered `checked` is mirrored in `defaultChecked` (the
 * `checked` attribute): that is how the other radios of a group are put back.
 */
function keepRendered(onChange: (event: Event) => void, rendered: Props) {
  return (event: Event) => {
    const field = event.currentTarget as Field;
    queueMicrotask(() => {
      if (rendered.checked == null) field.value = rendered.value as string;
      else
        for (const box of (field.getRootNode() as ParentNode).querySelectorAll('input'))
          if (box === field || (field.type === 'radio' && box.name === field.name))
            box.checked = box.defaultChecked;
    });
    onChange(event);
  };
}

function reactDomProps(type: string, props: Props): Props {
  let renamed: Props | undefined;
  const set = (to: string, value: unknown, from?: string) => {
    renamed ??= { ...props };
    if (from) delete renamed[from];
    renamed[to] = value;
  };
  for (const name in props) {
    const value = props[name];
    if (name === 'onChange') {
      const textField =
        type === 'textarea' || (type === 'input' && !commitOnChange.has(props.type as string));
      if (textField) set(props.onInput ? 'oninputCapture' : 'oninput', value, name);
      // A box or select with a rendered value (a box's `value` alone is its own: putting it back is harmless).
      else if (value && (props.checked ?? props.value) != null)
        set(name, keepRendered(value as (event: Event) => void, props));
    } else if (name === 'checked' && value != null) set('defaultChecked', value);
    else if (name === 'onFocus') set('onfocusin', value, name);
    else if (name === 'onBlur') set('onfocusout', value, name);
    else if (svgCamelCase.test(name)) set(name.replace(/[A-Z]/g, '-$&').toLowerCase(), value, name);
  }
  return renamed ?? props;
}

const previousHook = options.vnode;
options.vnode = (vnode: VNode<Props>) => {
  const { type } = vnode;
  if (typeof type === 'string') {
    // Custom elements (a dash in the name) get their props as they are.
    if (!type.includes('-')) vnode.props = reactDomProps(type, vnode.props) as typeof vnode.props;
  } else if (vnode.ref && !(type as { prototype?: { render?: unknown } }).prototype?.render) {
    // A component's vnode (a text vnode has no ref), not a class's: a class keeps its ref.
    vnode.props = { ...vnode.props, ref: vnode.ref };
    vnode.ref = null;
  }
  previousHook?.(vnode);
};
