import type { Decorator } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { createReactEdition } from '../../shared/element/react-edition';

function Canvas({ children }: { children?: ReactNode }) {
  return <div style={{ padding: 16, display: 'grid', gap: 12, justifyItems: 'start' }}>{children}</div>;
}

/**
 * A shadow root exactly as inside an element: base.css, and each primitive adopting its own CSS as it
 * renders; modals, popovers and toasts render inside it.
 */
const Frame = createReactEdition(Canvas, '');

/**
 * Renders each story inside the element frame. The theme comes from `parameters.theme`
 * (`light` by default, `dark`, `auto`), so every primitive has a dark story beside its light one.
 */
export const inElement: Decorator = (Story, context) => (
  <Frame theme={(context.parameters.theme as string | undefined) ?? 'light'}>
    <Story />
  </Frame>
);

export const dark = { theme: 'dark', backgrounds: { default: 'dark' } };
