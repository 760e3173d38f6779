import type { CustomElementDeclaration } from './build';
import type { CodeFacts } from './code-facts';

/*
 * Where an element's manifest declaration and its code disagree, one sentence per difference. Empty means
 * the manifest documents every attribute, event, part and custom property the code has, and nothing else.
 */

/** The manifest type an r2wc attribute type must be documented with. */
function typeMatches(r2wcType: string, documented: string | undefined): boolean {
  if (!documented) return false;
  if (r2wcType === 'number' || r2wcType === 'boolean') return documented === r2wcType;
  if (r2wcType === 'string') return documented === 'string' || /^'[^']*'(\s*\|\s*'[^']*')*$/.test(documented);
  return true;
}

/**
 * The top-level keys of a documented object type (`{ a: { b: x }[]; c?: y }` → a, c), `null` for `null`,
 * undefined for a named type the reader cannot open (`SessionUser`).
 */
export function documentedShape(typeText: string): string[] | null | undefined {
  const text = typeText.trim();
  if (text === 'null') return null;
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  let body = text.slice(1, -1).replace(/'[^']*'/g, "''");
  // Drop nested braces, innermost first, so only the outer object's keys stay.
  while (/\{[^{}]*\}/.test(body)) body = body.replace(/\{[^{}]*\}/g, '');
  return [...body.matchAll(/(?:^|[;,])\s*([A-Za-z_$][\w$]*)\??\s*:/g)].map((match) => match[1] ?? '').sort();
}

const missing = (kind: string, names: Iterable<string>, have: Set<string>) =>
  [...names].filter((name) => !have.has(name)).map((name) => `${kind} ${name} is not documented`);

export function manifestGaps(facts: CodeFacts, declaration: CustomElementDeclaration): string[] {
  const gaps: string[] = [];

  const attributes = new Map(declaration.attributes.map((attribute) => [attribute.name, attribute]));
  gaps.push(...missing('attribute', facts.attributes.keys(), new Set(attributes.keys())));
  for (const [name, attribute] of attributes) {
    const r2wcType = facts.attributes.get(name);
    if (r2wcType === undefined) gaps.push(`attribute ${name} is documented but the element does not take it`);
    else if (!typeMatches(r2wcType, attribute.type?.text))
      gaps.push(
        `attribute ${name} is parsed as ${r2wcType} but documented as ${attribute.type?.text ?? 'no type'}`,
      );
    if (!declaration.members.some((member) => member.attribute === name))
      gaps.push(`attribute ${name} has no property in members`);
  }

  const events = new Set(declaration.events.map((event) => event.name));
  gaps.push(...missing('event', facts.events, events));
  for (const event of events)
    if (!facts.events.has(event)) gaps.push(`event ${event} is documented but never dispatched`);
  for (const event of declaration.events) {
    const detail = /^CustomEvent<(.+)>$/.exec(event.type.text)?.[1];
    if (!detail || detail === 'unknown') {
      gaps.push(`event ${event.name} has no detail type`);
      continue;
    }
    const documented = documentedShape(detail);
    if (documented === undefined) continue;
    for (const shape of facts.details.get(event.name) ?? [])
      if (JSON.stringify(shape) !== JSON.stringify(documented))
        gaps.push(
          `event ${event.name}: detail documented as ${detail} but dispatched with ${shape ? `{${shape.join(', ')}}` : 'null'}`,
        );
  }

  const parts = new Set(declaration.cssParts.map((part) => part.name));
  gaps.push(...missing('part', facts.parts, parts));
  for (const pattern of facts.partPatterns)
    if (![...parts].some((part) => pattern.test(part)))
      gaps.push(`no part matching ${pattern} is documented`);
  for (const part of parts)
    if (!facts.parts.has(part) && !facts.partPatterns.some((pattern) => pattern.test(part)))
      gaps.push(`part ${part} is documented but not in the code`);
  gaps.push(...facts.unreadableParts.map((where) => `${where} is not a literal the manifest test can read`));

  const cssProperties = new Set(declaration.cssProperties.map((property) => property.name));
  gaps.push(...missing('custom property', facts.cssProperties, cssProperties));

  return gaps;
}
