import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './forms/field-errors';
import { ruleMessages } from './messages';
import {
  checkbox,
  email,
  isBlank,
  isHttpUrl,
  matchField,
  maxLength,
  minLength,
  oneOf,
  required,
  requiredIf,
  trimmedString,
  url,
  username,
} from './rules';

/** The first message for `value` run through `trimmedString()` and the given action, or null if valid. */
function firstMessage(
  action: v.PipeItem<string, string, v.BaseIssue<unknown>>,
  value: unknown,
): string | null {
  const result = v.safeParse(v.pipe(trimmedString(), action), value);
  return result.success ? null : (result.issues[0]?.message ?? null);
}

describe('generic rule messages (spec §5)', () => {
  it('spells them word for word', () => {
    expect(ruleMessages.required('Email')).toBe('Email is required');
    expect(ruleMessages.minLength(8)).toBe('must be greater than 8 character');
    expect(ruleMessages.maxLength('City', 60)).toBe('The length of City must be under 60 character');
    expect(ruleMessages.match('Confirm password', 'Password')).toBe(
      'The Confirm password must match with Password',
    );
  });
});

describe('required', () => {
  it("fails a trimmed empty string with '{Field} is required'", () => {
    expect(firstMessage(required('Email'), '   ')).toBe('Email is required');
    expect(firstMessage(required('Email'), undefined)).toBe('Email is required');
    expect(firstMessage(required('Email'), null)).toBe('Email is required');
  });
  it('uses a custom message when given', () => {
    expect(firstMessage(required('Subject', 'Please enter subject'), '')).toBe('Please enter subject');
  });
  it('passes a non-empty value', () => {
    expect(firstMessage(required('Email'), ' a ')).toBeNull();
  });
  it('fails false and passes true', () => {
    const agreed = v.pipe(checkbox(), required('Terms'));
    expect(v.safeParse(agreed, false).issues?.[0]?.message).toBe('Terms is required');
    expect(v.safeParse(agreed, undefined).success).toBe(false);
    expect(v.safeParse(agreed, true).output).toBe(true);
  });
  it('isBlank', () => {
    expect([' ', '', false, null, undefined].every(isBlank)).toBe(true);
    expect([0, 'x', true, []].some(isBlank)).toBe(false);
  });
});

describe('email', () => {
  it('fails an invalid address with the default or a custom message', () => {
    expect(firstMessage(email(), 'not-an-email')).toBe('Please insert a valid email');
    expect(firstMessage(email('Email is not valid'), 'a@b')).toBe('Email is not valid');
  });
  it('passes a valid address, and an empty one (required is a separate rule)', () => {
    expect(firstMessage(email(), ' jo@example.com ')).toBeNull();
    expect(firstMessage(email(), '')).toBeNull();
  });
});

describe('username', () => {
  it('fails whitespace inside', () => {
    expect(firstMessage(username(), 'john doe')).toBe('Username must not contain space');
    expect(firstMessage(username(), 'john\tdoe')).toBe('Username must not contain space');
  });
  it('passes a name without whitespace', () => {
    expect(firstMessage(username(), 'john_doe')).toBeNull();
  });
});

describe('minLength and maxLength', () => {
  it("minLength fails short values with 'must be greater than N character'", () => {
    expect(firstMessage(minLength(8), 'short')).toBe('must be greater than 8 character');
  });
  it('minLength passes N characters and empty values', () => {
    expect(firstMessage(minLength(8), '12345678')).toBeNull();
    expect(firstMessage(minLength(8), '')).toBeNull();
  });
  it("maxLength fails long values with 'The length of {Field} must be under N character'", () => {
    expect(firstMessage(maxLength('City', 3), 'abcd')).toBe('The length of City must be under 3 character');
    expect(firstMessage(maxLength('City', 3, 'Too long'), 'abcd')).toBe('Too long');
  });
  it('maxLength passes N characters (after trimming)', () => {
    expect(firstMessage(maxLength('City', 3), ' abc ')).toBeNull();
  });
});

describe('url', () => {
  it('fails non-http(s) and bare words', () => {
    expect(firstMessage(url('Bad url'), 'example')).toBe('Bad url');
    expect(firstMessage(url('Bad url'), 'javascript:alert(1)')).toBe('Bad url');
    expect(isHttpUrl('ftp://example.com')).toBe(false);
  });
  it('passes http and https addresses', () => {
    expect(firstMessage(url('Bad url'), 'https://example.com/path')).toBeNull();
    expect(firstMessage(url('Bad url'), 'http://localhost:8080')).toBeNull();
  });
});

describe('matchField', () => {
  const schema = v.pipe(
    v.object({
      a: trimmedString(),
      b: v.pipe(trimmedString(), required('B')),
      c: v.pipe(trimmedString(), required('C')),
    }),
    matchField('b', 'a', ruleMessages.match('B', 'A')),
  );
  it('puts the mismatch on the field, even when other fields fail', () => {
    expect(fieldErrors(schema, { a: 'x', b: 'y', c: '' })).toEqual({
      c: 'C is required',
      b: 'The B must match with A',
    });
  });
  it('stays quiet while the field has its own issue', () => {
    expect(fieldErrors(schema, { a: 'x', b: '', c: 'z' })).toEqual({ b: 'B is required' });
  });
  it('passes equal values', () => {
    expect(fieldErrors(schema, { a: 'x', b: 'x', c: 'z' })).toEqual({});
  });
});

describe('requiredIf', () => {
  const schema = v.pipe(
    v.object({ mode: v.picklist(['on', 'off']), extra: trimmedString() }),
    requiredIf<{ mode: 'on' | 'off'; extra: string }>(
      'extra',
      ['mode'],
      (input) => input.mode === 'on',
      'Extra needed',
    ),
  );
  it('requires the field when the condition holds', () => {
    expect(fieldErrors(schema, { mode: 'on', extra: ' ' })).toEqual({ extra: 'Extra needed' });
  });
  it('does not when it does not, or when the field is given', () => {
    expect(fieldErrors(schema, { mode: 'off' })).toEqual({});
    expect(fieldErrors(schema, { mode: 'on', extra: 'x' })).toEqual({});
  });
});

describe('checkbox', () => {
  it('reads 1/0 and strings, with a default for a missing key', () => {
    expect(v.parse(checkbox(), 1)).toBe(true);
    expect(v.parse(checkbox(), '1')).toBe(true);
    expect(v.parse(checkbox(), 'on')).toBe(true);
    expect(v.parse(checkbox(), 0)).toBe(false);
    expect(v.parse(checkbox(), 'yes')).toBe(false);
    expect(v.parse(checkbox(), undefined)).toBe(false);
    expect(v.parse(checkbox(true), undefined)).toBe(true);
    expect(v.parse(checkbox(true), false)).toBe(false);
  });
});

describe('trimmedString', () => {
  it('trims and reads null as empty; a non-string gives the given message', () => {
    expect(v.parse(trimmedString(), '  x  ')).toBe('x');
    expect(v.parse(trimmedString(), null)).toBe('');
    expect(v.safeParse(trimmedString('Name is required'), 5).issues?.[0]?.message).toBe('Name is required');
  });
});

describe('oneOf', () => {
  const gateway = oneOf(['stripe', 'manual'], 'Pick one');
  it('fails missing, empty and unknown values with the message', () => {
    for (const value of [undefined, '', 'paypal', 3]) {
      expect(v.safeParse(gateway, value).issues?.[0]?.message).toBe('Pick one');
    }
  });
  it('passes a listed value, trimmed', () => {
    expect(v.parse(gateway, ' manual ')).toBe('manual');
  });
});
