import type { Decorator } from '@storybook/react-vite';

/** The smallest phone width the elements are designed for. */
export const narrowWidth = 360;

const inNarrowColumn: Decorator = (Story) => (
  <div style={{ width: narrowWidth, maxWidth: '100%' }}>
    <Story />
  </div>
);

/** What the helpers read of a story; decorators are typed by each story's args, so only passed along. */
interface StoryShape {
  args?: object;
  decorators?: unknown;
  globals?: object;
}

function decoratorsOf(story: StoryShape): unknown[] {
  if (!story.decorators) return [];
  return Array.isArray(story.decorators) ? story.decorators : [story.decorators];
}

/** The same story with `theme="dark"` on a dark canvas. */
export function dark<S extends StoryShape>(story: S): S {
  return {
    ...story,
    args: { ...story.args, theme: 'dark' },
    globals: { ...story.globals, backgrounds: { value: 'dark' } },
  };
}

/** The same story in a column 360px wide. */
export function narrow<S extends StoryShape>(story: S): S {
  // The wrapper is the outermost decorator, so whatever the story's own decorators add sits inside it.
  return { ...story, decorators: [...decoratorsOf(story), inNarrowColumn] } as S;
}
