import { describe, expect, it } from 'vitest';
import { describeError } from './logger';

describe('describeError', () => {
  it('never carries the bound parameters of a failed query into the log', () => {
    const error = new Error('Failed query: insert into "contact_messages" values ($1, $2)\nparams: Asha Kumar,asha@example.org');
    error.cause = Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    const logged = JSON.stringify(describeError(error));
    expect(logged).not.toContain('Asha');
    expect(logged).not.toContain('asha@example.org');
    expect(logged).toContain('insert into');
    expect(logged).toContain('22021');
  });
});
