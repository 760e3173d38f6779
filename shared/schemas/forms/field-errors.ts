import * as v from 'valibot';

/**
 * The first message per field for a form to show under its inputs: keys are the dot paths of the
 * issues ('edd_email', 'address.city'); an issue on the whole value has the key ''. Empty when valid.
 */
export function fieldErrors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    // The first issue of a field is the one its rules list first (required before format).
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}
