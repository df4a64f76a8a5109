import { describe, expect, it } from 'vitest';
import { SEASON } from '@domain/season';
import { passwordProblem } from './password';

describe('admin and staff passwords', () => {
  it("refuses passwords made of the site's own name, city and season year", () => {
    const year = SEASON.year;
    for (const password of [`KidsTalent${year}!`, `Kids Talent ${year}`, `Chennai@${year}!`, `KTCchennai${year}`, `talent-competition-${year}`]) {
      expect(passwordProblem(password), password).toMatch(/this site's own name, city or year/);
    }
  });

  it('refuses one built on the username, and common passwords padded with digits', () => {
    expect(passwordProblem('hallhelper2027!!', ['hallhelper'])).not.toBeNull();
    expect(passwordProblem('password2024!')).toMatch(/most common/);
    expect(passwordProblem('short')).toMatch(/at least 12/);
  });

  it('accepts a passphrase of unrelated words, even one that mentions the city', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('marina lighthouse mango rickshaw')).toBeNull();
    expect(passwordProblem('chennai monsoon filter coffee verandah')).toBeNull();
  });
});
