import { z } from './zod';
import { describe, expect, it } from 'vitest';
import { canonicalJson, fieldErrorsOf, numberFromInput } from './validation';

describe('numbers typed into forms', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['0', 0],
    ['-3', -3],
    ['2.5', 2.5],
    ['', undefined],
    ['   ', undefined],
    ['seven', 'seven'],
    [9, 9],
    [undefined, undefined],
    [null, null],
  ])('%j becomes %j', (input, output) => {
    expect(numberFromInput(input)).toBe(output);
  });
});

describe('field errors', () => {
  it('keeps the first message per field and puts whole-object messages under _form', () => {
    const schema = z.object({ a: z.string().min(3, 'too short').regex(/x/, 'no x'), b: z.number('a number') });
    expect(fieldErrorsOf(schema.safeParse({ a: 'y', b: 'n' }).error as z.ZodError)).toEqual({ a: 'too short', b: 'a number' });
    expect(fieldErrorsOf(schema.safeParse(null).error as z.ZodError)).toEqual({ _form: expect.any(String) });
  });
});

describe('canonical JSON', () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ a: { d: [3, { f: 1, e: 2 }], c: undefined } }, '{"a":{"d":[3,{"e":2,"f":1}]}}'],
    [[{ b: null, a: '' }], '[{"a":"","b":null}]'],
  ])('%j is written %s', (value, json) => {
    expect(canonicalJson(value)).toBe(json);
  });

  it('two copies with keys in another order are equal byte for byte', () => {
    expect(canonicalJson({ name: 'Asha', age: 7 })).toBe(canonicalJson({ age: 7, name: 'Asha' }));
  });
});
