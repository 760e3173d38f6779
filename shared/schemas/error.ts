import * as v from 'valibot';

/**
 * The server error body of spec §8: `{status, message, data, code}`. `message` may be an object of
 * messages (joined for display); `data.fields` carries per-field messages for `validation_error`.
 */
export const ErrorBodySchema = v.object({
  // A string (or a number) where present; read with errorStatusOf, so this needs no union validator in
  // the runtime every element loads.
  status: v.optional(v.unknown()),
  code: v.optional(v.string()),
  message: v.optional(v.unknown()),
  data: v.optional(v.unknown()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** The server's `status` as text, or null when it sent none (or something that is not a status). */
export function errorStatusOf(body: ErrorBody): string | null {
  return typeof body.status === 'string' || typeof body.status === 'number' ? String(body.status) : null;
}

export { errorCode, errorStatus } from './error-codes';
