import { describe, expect, it } from 'vitest';
import { allocatorWarning } from './allocator-settings';

describe('the allocator settings at start', () => {
  it('warns on glibc when either setting is missing, naming it', () => {
    expect(allocatorWarning({}, () => '2.36')).toMatch(/^MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_ not set/);
    expect(allocatorWarning({ MALLOC_ARENA_MAX: '2' }, () => '2.36')).toMatch(/^MALLOC_MMAP_THRESHOLD_ not set.*README/);
  });

  it('says nothing when both are set, or where glibc is not the allocator', () => {
    expect(allocatorWarning({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }, () => '2.36')).toBeNull();
    expect(allocatorWarning({}, () => undefined)).toBeNull();
  });
});
