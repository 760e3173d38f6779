import type { Context } from 'hono';
import * as v from 'valibot';
import { HttpError, validationError } from './errors';

/** Valibot issues → `{field: first message}`; nested fields are named by dot path (`address.city`). */
export function fieldMessages(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '_';
    fields[field] ??= issue.message;
  }
  return fields;
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(fieldMessages(result.issues));
  return result.output;
}

/**
 * Reads a JSON body and validates it. Only `application/json` is accepted: a browser cannot send it
 * cross-site without a CORS preflight, and a malformed body is the caller's mistake (400), not ours (500).
 */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'The request body must be JSON (application/json).');
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw validationError({}, 'The request body is not valid JSON.');
  }
  return parseWith(schema, body);
}

/** Validates the query string (single values; repeated keys keep the last). */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}
