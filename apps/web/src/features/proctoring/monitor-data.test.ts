import { PROCTOR_SIGNAL_LABELS } from '@examiq/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_INTERVAL_MS,
  generateMonitorSnapshot,
  MONITOR_STUDENT_COUNT,
  useMonitorFeed,
} from './monitor-data';

const NOW = new Date(2025, 2, 10, 9, 30, 0).getTime();

afterEach(() => {
  vi.useRealTimers();
});

describe('generateMonitorSnapshot', () => {
  it('generates the same sitting every time', () => {
    expect(generateMonitorSnapshot(NOW)).toEqual(generateMonitorSnapshot(NOW));
  });

  it('generates 20 distinct students with roll numbers in name order', () => {
    const { students } = generateMonitorSnapshot(NOW);

    expect(students).toHaveLength(MONITOR_STUDENT_COUNT);
    expect(new Set(students.map((s) => s.id)).size).toBe(20);
    expect(new Set(students.map((s) => s.name)).size).toBe(20);
    expect(students.map((s) => s.rollNumber)).toEqual(
      Array.from({ length: 20 }, (_, i) => `CSE-24-${String(i + 1).padStart(3, '0')}`),
    );
    const names = students.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('covers every connection quality and alert type', () => {
    const { students, alerts } = generateMonitorSnapshot(NOW);

    expect(new Set(students.map((s) => s.connectionQuality))).toEqual(
      new Set(['excellent', 'good', 'poor', 'disconnected']),
    );
    // Warnings and flags, as the product raises them: it raises no info alerts.
    expect(new Set(alerts.map((a) => a.type))).toEqual(new Set(['error', 'warning']));
    expect(students.some((s) => s.isVideoEnabled)).toBe(true);
    expect(students.some((s) => !s.isVideoEnabled && s.connectionQuality !== 'disconnected')).toBe(
      true,
    );
  });

  it('keeps each student consistent with their alerts', () => {
    const { students, alerts } = generateMonitorSnapshot(NOW);

    for (const student of students) {
      const own = alerts.filter((alert) => alert.studentId === student.id);
      expect(student.warnings).toBe(own.filter((alert) => alert.type !== 'info').length);
      if (student.connectionQuality === 'disconnected') {
        expect(student).toMatchObject({
          isVideoEnabled: false,
          isAudioEnabled: false,
          screenSharing: false,
        });
        expect(own.map((alert) => alert.message)).toContain('Lost the connection');
      }
      if (!student.isVideoEnabled && student.connectionQuality !== 'disconnected') {
        expect(own.map((alert) => alert.message)).toContain('The camera stopped');
      }
    }
    const times = alerts.map((alert) => alert.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(alerts.every((alert) => alert.time <= NOW)).toBe(true);
  });

  it('raises only the alerts the product raises, in its words', () => {
    const said = new Set(
      generateMonitorSnapshot(NOW).alerts.map((alert) =>
        alert.message.replace(/ \(\d+ times\)$/, ''),
      ),
    );
    const labels = new Set(Object.values(PROCTOR_SIGNAL_LABELS));
    expect([...said].filter((message) => !labels.has(message))).toEqual([]);
    expect(said.size).toBeGreaterThanOrEqual(5);
  });

  it('places the sitting part-way through a 90-minute exam', () => {
    const { exam, students } = generateMonitorSnapshot(NOW);

    expect(exam.subtitle).toMatch(/ · 90 minutes$/);
    expect(exam.endsAt - NOW).toBe((90 * 60 - (18 * 60 + 43)) * 1000);
    for (const student of students) {
      expect(student.status).toBe('IN_PROGRESS');
      expect(student.lastActivity).toBeLessThanOrEqual(NOW);
    }
  });
});

describe('useMonitorFeed', () => {
  it('shows activity from one connected student at a time, never a disconnected one', () => {
    vi.useFakeTimers({ now: NOW });
    const { result } = renderHook(() => useMonitorFeed());
    const before = result.current.students;

    act(() => vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS));

    const after = result.current.students;
    const active = after.filter((student, i) => student.lastActivity !== before[i]?.lastActivity);
    expect(active).toHaveLength(1);
    expect(active[0]?.lastActivity).toBe(NOW + ACTIVITY_INTERVAL_MS);
    expect(active[0]?.connectionQuality).not.toBe('disconnected');

    act(() => vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS * 20));
    for (const student of result.current.students) {
      if (student.connectionQuality === 'disconnected') {
        expect(student.lastActivity).toBe(before.find((s) => s.id === student.id)?.lastActivity);
      }
    }
  });

  it('adds a sent message to the conversation of its student', () => {
    vi.useFakeTimers({ now: NOW });
    const { result } = renderHook(() => useMonitorFeed());
    const [first] = result.current.students;
    const count = result.current.messages.length;

    act(() => result.current.sendMessage(first?.id ?? '', 'Please face the camera'));

    expect(result.current.messages).toHaveLength(count + 1);
    expect(result.current.messages.at(-1)).toMatchObject({
      studentId: first?.id,
      sender: 'proctor',
      text: 'Please face the camera',
      time: NOW,
    });
  });

  it('stops the simulated activity when the screen goes away', () => {
    vi.useFakeTimers({ now: NOW });
    const { unmount } = renderHook(() => useMonitorFeed());

    unmount();

    expect(vi.getTimerCount()).toBe(0);
  });
});
