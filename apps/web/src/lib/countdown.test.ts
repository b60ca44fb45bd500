import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsSince, secondsUntil } from './countdown';

describe('countdown', () => {
  it('counts whole seconds left, rounding a late tick up and stopping at zero', () => {
    expect(secondsUntil(10_000, 8_999)).toBe(2);
    expect(secondsUntil(10_000, 9_000)).toBe(1);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });

  it('counts whole seconds gone, never below zero', () => {
    expect(secondsSince(1_000, 3_999)).toBe(2);
    expect(secondsSince(5_000, 4_000)).toBe(0);
  });

  it('writes minutes, then hours, then days', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59 * 60 + 59)).toBe('59:59');
    expect(formatCountdown(3600 + 11 * 60 + 17)).toBe('01:11:17');
    expect(formatCountdown(86_400 + 3 * 3600 + 4 * 60 + 5)).toBe('1 day 03:04:05');
    expect(formatCountdown(2 * 86_400 + 5)).toBe('2 days 00:00:05');
  });
});
