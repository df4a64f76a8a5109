import { z } from 'zod';
import { requiredText } from './contact-details';
import { requiredName } from './names';
import { numberFromInput } from './validation';

import { JUDGE_BIO_MAX, JUDGE_EXPERIENCE, JUDGE_EXPERTISE } from './judge-rules';

export * from './judge-rules';

/** The text fields of a teaching-panel application; the photo travels beside them. */
export const judgeApplicationSchema = z.object({
  id: z.uuid({ error: 'The record id must be a UUID.' }),
  name: requiredName('your name', 100),
  expertise: z.enum(JUDGE_EXPERTISE, { error: 'Choose your expertise from the list.' }),
  experience: z.preprocess(
    numberFromInput,
    z
      .number({ error: 'Enter your experience in years.' })
      .int('Enter whole years.')
      .min(JUDGE_EXPERIENCE.min, 'Experience cannot be negative.')
      .max(JUDGE_EXPERIENCE.max, `Experience must be at most ${JUDGE_EXPERIENCE.max} years.`),
  ),
  bio: requiredText('a short bio', JUDGE_BIO_MAX),
});

export type JudgeApplicationInput = z.input<typeof judgeApplicationSchema>;
export type JudgeApplication = z.output<typeof judgeApplicationSchema>;
