import type { Slices } from '../../server/lib/people-first';

/** Work in slices whose process "ends" after `pieces` turns: the next turn throws, as a crash would stop it there. */
export function stopAfter(pieces: number): Slices {
  let turns = 0;
  return {
    async between() {
      turns += 1;
      if (turns > pieces) throw new Error('the process stopped here');
    },
  };
}
