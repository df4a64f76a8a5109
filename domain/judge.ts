import { z } from './zod';
import { emailSchema, requiredText } from './contact-details';
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
  /**
   * Where the organisers send their decision. Optional here so applications queued on a device
   * before the form asked for it still go through; the form requires it (judgeApplicationFormSchema).
   */
  email: z.preprocess((value) => (value === '' || value === null ? undefined : value), emailSchema.optional()),
});

/** What the form stores: a new application must give an email for the organisers' answer. */
export const judgeApplicationFormSchema = judgeApplicationSchema.superRefine((application, ctx) => {
  if (!application.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an email address, so we can send you our answer.' });
});

export type JudgeApplicationInput = z.input<typeof judgeApplicationSchema>;
export type JudgeApplication = z.output<typeof judgeApplicationSchema>;
