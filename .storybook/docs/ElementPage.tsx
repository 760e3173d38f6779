import manifest from 'virtual:custom-elements-manifest';
import {
  Controls,
  Description,
  Primary,
  Source,
  Stories,
  Subtitle,
  Title,
  useOf,
} from '@storybook/addon-docs/blocks';
import { ElementReference } from './ElementReference';
import { findElement } from './manifest';
import { pasteSnippet } from './paste-snippet';

/** What a stories file says about the element it documents (`parameters.element` of its meta). */
export interface ElementParameters {
  tag: string;
  /** Attributes of the paste-this snippet besides `api-base`. */
  attributes?: Record<string, string>;
}

/**
 * The docs page of an element: what it is, the snippet to paste, the primary story with its controls,
 * the reference from custom-elements.json, then every state. Pages without `parameters.element` (the
 * UI primitives) keep Storybook's usual layout.
 */
export function ElementPage() {
  const { preparedMeta } = useOf('meta', ['meta']);
  const element = preparedMeta.parameters.element as ElementParameters | undefined;
  const declaration = element ? findElement(manifest, element.tag) : null;
  return (
    <>
      <Title />
      {declaration?.summary && <Subtitle>{declaration.summary}</Subtitle>}
      <Description />
      {element && (
        <>
          <h2>Paste this</h2>
          <Source code={pasteSnippet(element.tag, element.attributes)} language="html" dark />
        </>
      )}
      <Primary />
      <Controls />
      {element && (
        <>
          <h2>Element reference</h2>
          <ElementReference tag={element.tag} declaration={declaration} />
        </>
      )}
      <Stories title="Every state" />
    </>
  );
}
