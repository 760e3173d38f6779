import * as v from 'valibot';
import { ErrorBodySchema } from '../../../shared/schemas/error';

/** The spec §8 error body as this server sends it: every field there, code and message non-empty text. */
const ServerErrorSchema = v.object({
  ...ErrorBodySchema.entries,
  status: v.union([v.pipe(v.string(), v.nonEmpty()), v.number()]),
  code: v.pipe(v.string(), v.nonEmpty()),
  message: v.union([v.pipe(v.string(), v.nonEmpty()), v.record(v.string(), v.unknown())]),
  data: v.unknown(),
});

/**
 * Why an answer is not acceptable, or null. A 5xx is always wrong: the fuzzer sends only the caller's
 * mistakes. A refusal is the spec §8 JSON body, or on a browser page (`htmlPage`) an HTML page.
 */
export async function answerProblem(response: Response, htmlPage = false): Promise<string | null> {
  const text = await response.text();
  const said = `${response.status} ${text.slice(0, 300)}`;
  if (response.status >= 500) return `server error: ${said}`;
  if (response.status < 400) return null;
  if (htmlPage && response.headers.get('Content-Type')?.startsWith('text/html')) {
    return /^<!doctype html>/i.test(text.trimStart()) ? null : `error page is not an HTML document: ${said}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `error answer is not JSON: ${said}`;
  }
  const parsed = v.safeParse(ServerErrorSchema, body);
  if (!parsed.success) return `error body not of spec §8 shape (${parsed.issues[0]?.message}): ${said}`;
  return null;
}

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const cleanPrototype = prototypeNames();

/** Whether anything was added to Object.prototype (a merge that honoured `__proto__` or `constructor`). */
export function prototypeProblem(): string | null {
  const probe: Record<string, unknown> = {};
  if (prototypeNames() !== cleanPrototype || probe.polluted !== undefined || probe.isAdmin !== undefined) {
    return `Object.prototype was polluted: ${prototypeNames()}`;
  }
  return null;
}
