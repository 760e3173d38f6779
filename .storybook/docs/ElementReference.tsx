import type { ReactNode } from 'react';
import type { ElementDeclaration, ManifestEntry } from './manifest';

/** Descriptions are JSDoc text with `code` in backticks; shown as text and <code>, never as HTML. */
function DescriptionText({ text = '' }: { text?: string }) {
  return (
    <>
      {text.split('`').map((part, index) =>
        // Odd parts were inside backticks.
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered.
        index % 2 ? <code key={index}>{part}</code> : <span key={index}>{part}</span>,
      )}
    </>
  );
}

interface Column {
  header: string;
  cell: (entry: ManifestEntry) => ReactNode;
}

const name: Column = { header: 'Name', cell: (entry) => <code>{entry.name}</code> };
const description: Column = {
  header: 'Description',
  cell: (entry) => <DescriptionText text={entry.description} />,
};
const type = (header: string): Column => ({
  header,
  cell: (entry) => (entry.type ? <code>{entry.type.text}</code> : null),
});
const fallback: Column = {
  header: 'Default',
  cell: (entry) => (entry.default ? <code>{entry.default}</code> : null),
};

function Section({
  title,
  entries,
  columns,
}: {
  title: string;
  entries?: ManifestEntry[];
  columns: Column[];
}) {
  return (
    <section>
      <h3>{title}</h3>
      {entries?.length ? (
        <table>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.name}>
                {columns.map((column) => (
                  <td key={column.header}>{column.cell(entry)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>None.</p>
      )}
    </section>
  );
}

/**
 * An element's reference from custom-elements.json: attributes, events with their detail type, the
 * `--vendor-*` custom properties, the `::part()` names and slots, in the words of the element's JSDoc.
 */
export function ElementReference({
  tag,
  declaration,
}: {
  tag: string;
  declaration: ElementDeclaration | null;
}) {
  if (!declaration) {
    return (
      <p>
        <code>{`<${tag}>`}</code> is not in <code>dist/custom-elements.json</code>. Run{' '}
        <code>npm run build</code> (it writes the manifest from the elements' JSDoc), then build the docs
        again.
      </p>
    );
  }
  return (
    <div>
      {declaration.description && (
        <p>
          <DescriptionText text={declaration.description} />
        </p>
      )}
      <Section
        title="Attributes"
        entries={declaration.attributes}
        columns={[name, type('Type'), fallback, description]}
      />
      <Section
        title="Events"
        entries={declaration.events}
        columns={[name, type('Type and detail'), description]}
      />
      <Section
        title="CSS custom properties"
        entries={declaration.cssProperties}
        columns={[name, fallback, description]}
      />
      <Section title="CSS parts" entries={declaration.cssParts} columns={[name, description]} />
      <Section title="Slots" entries={declaration.slots} columns={[name, description]} />
    </div>
  );
}
