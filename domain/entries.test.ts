import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from './categories';
import { entryProblems, entryRuleFor, MAX_PHOTOS, PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from './entries';

const MB = 1024 * 1024;
const beforeLevel1 = new Date('2027-04-17T23:59:00+05:30');
const level1Started = new Date('2027-04-18T00:00:00+05:30');

describe('entry rules', () => {
  it('ask a recording of a performance and photos of work on paper; the baby contests and the finale take no upload', () => {
    const kinds = Object.fromEntries(CATEGORY_SLUGS.map((slug) => [slug, entryRuleFor(slug, 'level1')?.kind ?? null]));
    expect(kinds).toEqual({
      dance: 'video',
      singing: 'video',
      drawing: 'photos',
      costume: 'video',
      storytelling: 'video',
      'spelling-bee': 'video',
      coloring: 'photos',
      handwriting: 'photos',
      'fastest-walking': null,
      crawling: null,
      'art-craft': 'photos',
      yoga: 'video',
    });
    expect(CATEGORY_SLUGS.map((slug) => entryRuleFor(slug, 'level3'))).toEqual(CATEGORY_SLUGS.map(() => null));
  });

  it('allow 3 minutes of video at Level 1 and 5 at the semi-finals, each closing when its judging starts', () => {
    expect(entryRuleFor('dance', 'level1')).toMatchObject({ kind: 'video', maxSeconds: 180, closesAt: '2027-04-18T00:00:00+05:30' });
    expect(entryRuleFor('dance', 'level2')).toMatchObject({ kind: 'video', maxSeconds: 300, closesAt: '2027-08-29T00:00:00+05:30' });
  });

  it('refuse before sending what the device can already tell: late, empty, too large, too many or none', () => {
    const video = entryRuleFor('yoga', 'level1');
    const photos = entryRuleFor('drawing', 'level1');
    if (!video || !photos) throw new Error('no rule');
    expect(entryProblems(video, [{ bytes: 200 * MB }], beforeLevel1)).toEqual([]);
    expect(entryProblems(video, [{ bytes: 200 * MB }], level1Started)).toEqual(['closed']);
    expect(entryProblems(video, [{ bytes: VIDEO_MAX_BYTES + 1 }], beforeLevel1)).toEqual(['too_large']);
    expect(entryProblems(video, [{ bytes: 0 }], beforeLevel1)).toEqual(['empty_file']);
    expect(entryProblems(video, [], beforeLevel1)).toEqual(['no_file']);
    expect(entryProblems(video, [{ bytes: MB }, { bytes: MB }], beforeLevel1)).toEqual(['too_many_files']);

    const three = Array.from({ length: MAX_PHOTOS }, () => ({ bytes: 4 * MB }));
    expect(entryProblems(photos, three, beforeLevel1)).toEqual([]);
    expect(entryProblems(photos, [...three, { bytes: MB }], beforeLevel1)).toEqual(['too_many_files']);
    expect(entryProblems(photos, [], beforeLevel1)).toEqual(['no_file']);
    expect(entryProblems(photos, [{ bytes: PHOTO_MAX_BYTES + 1 }], beforeLevel1)).toEqual(['too_large']);
  });
});
