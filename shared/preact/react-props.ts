import { options, type VNode } from 'preact';

/**
 * The React behaviours our views are written for, applied to every vnode before Preact renders it:
 * - `onChange` on a text field fires on every keystroke (React), not on commit (the DOM's `change`);
 * - `onFocus`/`onBlur` bubble (React listens to `focusin`/`focusout`);
 * - SVG presentation attributes are written in camelCase (`strokeWidth` → `stroke-width`);
 * - `ref` is a prop of function components (React 19), so a view passes it on without forwardRef.
 */
const commitOnChange = new Set(['checkbox', 'radio', 'file']);
const svgCamelCase = /^(?:clip|fill|flood|font|marker|stop|stroke|text)[A-Z]/;

function reactDomProps(type: string, props: Record<string, unknown>): Record<string, unknown> {
  let renamed: Record<string, unknown> | undefined;
  const rename = (from: string, to: string) => {
    renamed ??= { ...props };
    const value = renamed[from];
    delete renamed[from];
    renamed[to] = value;
  };
  for (const name in props) {
    if (name === 'onChange') {
      const textField = type === 'textarea' || (type === 'input' && !commitOnChange.has(String(props.type)));
      if (textField) rename(name, props.onInput ? 'oninputCapture' : 'oninput');
    } else if (name === 'onFocus') rename(name, 'onfocusin');
    else if (name === 'onBlur') rename(name, 'onfocusout');
    else if (svgCamelCase.test(name))
      rename(
        name,
        name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
      );
  }
  return renamed ?? props;
}

const isClassComponent = (type: object) =>
  typeof (type as { prototype?: { render?: unknown } }).prototype?.render === 'function';

const previousHook = options.vnode;
options.vnode = (vnode: VNode<Record<string, unknown>>) => {
  const { type } = vnode;
  if (typeof type === 'string') {
    // Custom elements (a dash in the name) get their props as they are.
    if (!type.includes('-')) vnode.props = reactDomProps(type, vnode.props) as typeof vnode.props;
  } else if (typeof type === 'function' && vnode.ref && !isClassComponent(type)) {
    vnode.props = { ...vnode.props, ref: vnode.ref };
    vnode.ref = null;
  }
  previousHook?.(vnode);
};
