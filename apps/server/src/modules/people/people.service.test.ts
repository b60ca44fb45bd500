import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_LENGTH, generateDefaultPassword } from './people.service';

describe('generateDefaultPassword', () => {
  it('mixes upper and lower case letters, digits and symbols every time', () => {
    const passwords = Array.from({ length: 200 }, () => generateDefaultPassword());
    for (const password of passwords) {
      expect(password).toHaveLength(DEFAULT_PASSWORD_LENGTH);
      for (const characterClass of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/]) {
        expect(password).toMatch(characterClass);
      }
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('never starts as a spreadsheet formula, so a credentials file keeps it as it is', () => {
    for (let i = 0; i < 2000; i++) expect(generateDefaultPassword()).not.toMatch(/^[=+\-@]/);
  });
});
