import * as v from 'valibot';
import { ruleMessages } from './messages';

/**
 * The generic rules of spec §5 as valibot pieces. Format rules (email, username, url, minLength) pass an
 * empty value: emptiness is `required`'s job, so an optional field can use them and a required empty
 * field shows only the required message.
 */

export { maxId } from './ids';

/** A trimmed empty string, `false`, null and undefined are blank (spec §5: they fail `required`). */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  return typeof value === 'string' && value.trim() === '';
}

/**
 * A text field: a string (null and a missing key read as ''), trimmed. `invalidType` is the message for
 * a non-string value, normally the field's required message, so a wrong type never shows valibot's text.
 */
export function trimmedString(invalidType?: string) {
  return v.pipe(v.nullish(v.string(invalidType), ''), v.trim());
}

/** true, 1, '1', 'true' and 'on' are ticked; anything else is not (the billing payload sends 1 or 0). */
export function isTicked(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'on';
}

/** A checkbox read as a boolean; `whenMissing` is its value when the key is absent (mailchimp: true). */
export function checkbox(whenMissing = false) {
  // The default goes through the transform too, so a missing key reads as `whenMissing`.
  return v.optional(v.pipe(v.unknown(), v.transform(isTicked)), whenMissing);
}

/** One of `options` (trimmed); a missing, empty or unknown value gets `message`. */
export function oneOf<const TOptions extends readonly string[]>(options: TOptions, message: string) {
  return v.pipe(trimmedString(message), v.picklist(options, message));
}

/** '{Field} is required', or `message` when the form has its own text. */
export function required<TInput>(field: string, message: string = ruleMessages.required(field)) {
  return v.check<TInput, string>((input) => !isBlank(input), message);
}

export function email(message: string = ruleMessages.email) {
  return v.check<string, string>((input) => input === '' || v.EMAIL_REGEX.test(input), message);
}

/** A user name has no whitespace anywhere. */
export function username(message: string = ruleMessages.username) {
  return v.check<string, string>((input) => !/\s/.test(input), message);
}

/** At least `min` characters ("greater than" in the spec's text, but a length of `min` passes). */
export function minLength(min: number, message: string = ruleMessages.minLength(min)) {
  return v.check<string, string>((input) => input === '' || input.length >= min, message);
}

/** At most `max` characters. */
export function maxLength(field: string, max: number, message: string = ruleMessages.maxLength(field, max)) {
  return v.check<string, string>((input) => input.length <= max, message);
}

/** An absolute http(s) URL with a host: a site address, not 'javascript:' or a bare word. */
export function isHttpUrl(input: string): boolean {
  try {
    const url = new URL(input);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function url(message: string) {
  return v.check<string, string>((input) => input === '' || isHttpUrl(input), message);
}

/**
 * A check on the whole input whose issue lands on `field` (so it shows under that input). It runs even
 * when other fields fail, and waits while any of `paths` has an issue of its own.
 */
function crossFieldCheck<TInput extends Record<string, unknown>>(
  field: keyof TInput & string,
  paths: readonly (keyof TInput & string)[],
  requirement: (input: TInput) => boolean,
  message: string,
): MatchAction<TInput> {
  // valibot types paths from literal tuples; with keys that are only known as type parameters its path
  // types collapse to `never`, so the two calls are typed here by hand. The runtime calls are unchanged.
  const partialCheck = v.partialCheck as unknown as (
    paths: readonly (readonly string[])[],
    requirement: (input: TInput) => boolean,
    message: string,
  ) => MatchAction<TInput>;
  const forward = v.forward as unknown as (
    action: MatchAction<TInput>,
    path: readonly string[],
  ) => MatchAction<TInput>;
  return forward(
    partialCheck(
      paths.map((key) => [key]),
      requirement,
      message,
    ),
    [field],
  );
}

/**
 * Cross-field equality for an object schema's pipe: the issue lands on `field`. It is skipped while
 * either of the two fields has its own issue (e.g. empty), so a field never shows two messages at once.
 */
export function matchField<TInput extends Record<string, unknown>>(
  field: keyof TInput & string,
  other: keyof TInput & string,
  message: string,
): MatchAction<TInput> {
  return crossFieldCheck(field, [field, other], (input) => input[field] === input[other], message);
}

/**
 * A field required only when `condition` holds on the whole input (the checkout address, required
 * unless the gateway is PayPal). `dependsOn` names the fields the condition reads: the check waits
 * until they are valid, and the issue lands on `field`.
 */
export function requiredIf<TInput extends Record<string, unknown>>(
  field: keyof TInput & string,
  dependsOn: readonly (keyof TInput & string)[],
  condition: (input: TInput) => boolean,
  message: string,
): MatchAction<TInput> {
  return crossFieldCheck(
    field,
    [field, ...dependsOn],
    (input) => !condition(input) || !isBlank(input[field]),
    message,
  );
}

type MatchAction<TInput extends Record<string, unknown>> = v.BaseValidation<
  TInput,
  TInput,
  v.PartialCheckIssue<TInput>
>;
