import * as v from 'valibot';

/**
 * A JSON object (string keys) whose every value passes `isValue`: what `v.record(v.string(), …)` checks, for
 * values a type guard tells. valibot is one module in the runtime chunk every element loads, so a validator
 * one schema calls is every element's weight: `v.custom` and a guard weigh about a third of `v.record`.
 */
export function recordOf<T>(isValue: (value: unknown) => value is T) {
  return v.custom<Record<string, T>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      Object.values(input).every(isValue),
    'Invalid type: Expected Object',
  );
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
