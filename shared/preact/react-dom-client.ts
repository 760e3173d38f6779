import { type ComponentChild, render } from 'preact';

/** What the embed build gets for `react-dom/client`: the `createRoot` r2wc mounts each element with. */
export function createRoot(container: Element | DocumentFragment) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}
