import { describe, expect, it } from 'vitest';
import { unstorableTextFields } from './storable-text';

describe('unstorableTextFields', () => {
  it('accepts ordinary text in any script, emoji included', () => {
    expect(unstorableTextFields({ name: 'ஆஷா 💃🏽', city: 'Chennai', tags: ['a', 'b'], age: 7 })).toBeNull();
  });

  it('names each field holding a NUL or a lone surrogate', () => {
    expect(unstorableTextFields({ name: 'a\u0000b', city: '\ud800x', bio: 'x\udfff', tags: ['ok', '\u0000'], ok: '💃' })).toEqual({
      name: expect.any(String),
      city: expect.any(String),
      bio: expect.any(String),
      tags: expect.any(String),
    });
  });

  it('finds them however deep in a field they are: a list of records, a nested object', () => {
    const checkIns = [{ id: 'x', sessionId: 'ok' }, { id: 'y', sessionId: 'a\u0000b' }];
    expect(unstorableTextFields({ checkIns, refund: { note: '\udc00' }, fine: [{ a: { b: 'c' } }] })).toEqual({
      checkIns: expect.any(String),
      refund: expect.any(String),
    });
  });
});
