import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  const schema = v.object({
    name: v.pipe(v.string(), v.nonEmpty('first'), v.minLength(3, 'second')),
    address: v.object({ city: v.string('City must be text') }),
  });
  it('keeps the first message per dot path', () => {
    expect(fieldErrors(schema, { name: '', address: { city: 1 } })).toEqual({
      name: 'first',
      'address.city': 'City must be text',
    });
  });
  it("keys a whole-value issue as ''", () => {
    expect(fieldErrors(v.string('Not text'), 1)).toEqual({ '': 'Not text' });
  });
  it('is empty for valid input', () => {
    expect(fieldErrors(schema, { name: 'abc', address: { city: 'x' } })).toEqual({});
  });
});
