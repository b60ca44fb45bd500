/**
 * The sample proctoring feed (a demonstration), shown when the monitor is opened without an exam: every student,
 * alert, message and the exam itself are generated here, and nowhere else. Generation is seeded:
 * the same sitting appears on every load, which keeps tests and screenshots stable.
 */
import {
  DEFAULT_PROCTORING_THRESHOLDS,
  type ProctorSignal,
  proctorAlertMessage,
} from '@examiq/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type ChatMessage,
  type ConnectionQuality,
  isConnected,
  type MonitorAlert,
  type MonitorFeed,
  type MonitorSnapshot,
  type MonitorStudent,
} from './monitor-types';

export const MONITOR_STUDENT_COUNT = 20;
/** How often a connected student shows a sign of life (an answer, a scroll). */
export const ACTIVITY_INTERVAL_MS = 4000;

const SEED = 20_240_917;
const EXAM_DURATION_MINUTES = 90;
const ELAPSED_AT_OPEN_SECONDS = 18 * 60 + 43;

const FIRST_NAMES = (
  'Aarav Aditya Ananya Arjun Dev Diya Ishaan Kabir Karan Kavya Meera Neha Nikhil Pooja Priya ' +
  'Rahul Riya Rohan Sara Sneha Tanvi Varun Vihaan Zoya'
).split(' ');
const LAST_NAMES = (
  'Bose Chopra Das Gupta Iyer Joshi Khan Kulkarni Mehta Menon Nair Patel Pillai Rao Reddy ' +
  'Sharma Singh Verma'
).split(' ');

/** A realistic room: most links are fine, a few struggle, two students have dropped out. */
const QUALITY_MIX: ConnectionQuality[] = [
  ...Array<ConnectionQuality>(11).fill('excellent'),
  ...Array<ConnectionQuality>(5).fill('good'),
  ...Array<ConnectionQuality>(2).fill('poor'),
  ...Array<ConnectionQuality>(2).fill('disconnected'),
];

/**
 * Incidents a proctor typically sees, raised against random connected students: the n-th signal
 * of a kind, as the product reports it.
 */
const INCIDENTS: Array<{ signal: ProctorSignal; nth: number }> = [
  { signal: 'MULTIPLE_FACES', nth: 3 },
  { signal: 'TAB_HIDDEN', nth: 2 },
  { signal: 'NO_FACE', nth: 1 },
  { signal: 'FULLSCREEN_EXIT', nth: 1 },
  { signal: 'PASTE', nth: 1 },
];

/** The alert the product raises for the n-th signal of a kind under the default thresholds. */
function alertFor(signal: ProctorSignal, nth: number): Pick<MonitorAlert, 'type' | 'message'> {
  const { flagAt } = DEFAULT_PROCTORING_THRESHOLDS;
  return { type: nth >= flagAt ? 'error' : 'warning', message: proctorAlertMessage(signal, nth) };
}

type Random = () => number;

/** Every generated student has been active: the sample starts part-way through the exam. */
type SampleStudent = MonitorStudent & { lastActivity: number };

/** mulberry32: a tiny seeded generator, plenty for picking mock data. */
function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function generateStudents(now: number, random: Random): SampleStudent[] {
  const surnames = shuffled(LAST_NAMES, random);
  // Roll numbers follow the alphabetical order of names, as a class register does.
  const names = shuffled(FIRST_NAMES, random)
    .slice(0, MONITOR_STUDENT_COUNT)
    .map((first, index) => `${first} ${surnames[index % surnames.length]}`)
    .sort((a, b) => a.localeCompare(b));
  const qualities = shuffled(QUALITY_MIX, random);
  const students = names.map((name, index): SampleStudent => {
    const number = String(index + 1).padStart(3, '0');
    const connectionQuality = qualities[index] ?? 'excellent';
    const online = connectionQuality !== 'disconnected';
    return {
      id: `student-${number}`,
      name,
      rollNumber: `CSE-24-${number}`,
      status: 'IN_PROGRESS',
      isVideoEnabled: online,
      isAudioEnabled: online,
      connectionQuality,
      warnings: 0,
      screenSharing: online,
      lastActivity: now - (online ? between(random, 1, 40) : between(random, 140, 420)) * 1000,
    };
  });

  // A few connected students switch something off. Only a stopped camera raises an alert below:
  // the product has no signal for a muted microphone, nor for screen sharing.
  const [cameraOff, secondCameraOff, micOff, sharingStopped] = shuffled(
    students.filter(isConnected),
    random,
  );
  for (const student of [cameraOff, secondCameraOff]) if (student) student.isVideoEnabled = false;
  if (micOff) micOff.isAudioEnabled = false;
  if (sharingStopped) sharingStopped.screenSharing = false;
  return students;
}

function generateAlerts(students: SampleStudent[], now: number, random: Random): MonitorAlert[] {
  const sinceStart = () => now - between(random, 20, ELAPSED_AT_OPEN_SECONDS) * 1000;
  const raised: Array<Omit<MonitorAlert, 'id' | 'review'>> = [];

  for (const student of students) {
    const studentId = student.id;
    if (!isConnected(student)) {
      raised.push({
        ...alertFor('CONNECTION_LOST', 1),
        studentId,
        time: student.lastActivity,
      });
      continue;
    }
    if (!student.isVideoEnabled) {
      raised.push({ ...alertFor('CAMERA_STOPPED', 1), studentId, time: sinceStart() });
    }
  }

  const online = students.filter(isConnected);
  for (const { signal, nth } of INCIDENTS) {
    const student = online[between(random, 0, online.length - 1)];
    if (student)
      raised.push({ ...alertFor(signal, nth), studentId: student.id, time: sinceStart() });
  }

  return raised
    .sort((a, b) => b.time - a.time)
    .map((alert, index) => ({ ...alert, id: `alert-${index + 1}`, review: 'PENDING' }));
}

function generateMessages(students: MonitorStudent[], now: number, random: Random): ChatMessage[] {
  const [asker, worried] = shuffled(students.filter(isConnected), random);
  if (!asker || !worried) return [];
  const minutesAgo = (minutes: number) => now - minutes * 60_000;
  return [
    {
      id: 'message-1',
      studentId: asker.id,
      sender: 'student',
      text: 'Is a non-programmable calculator allowed for Part B?',
      time: minutesAgo(7),
    },
    {
      id: 'message-2',
      studentId: asker.id,
      sender: 'proctor',
      text: 'No, calculators are not allowed in this exam. Rough work on paper is fine.',
      time: minutesAgo(6),
    },
    {
      id: 'message-3',
      studentId: worried.id,
      sender: 'student',
      text: 'My video froze for a moment. Will that count against me?',
      time: minutesAgo(2),
    },
  ];
}

/** The sitting as it stands `now`: 20 students part-way through a 90-minute exam. */
export function generateMonitorSnapshot(now: number): MonitorSnapshot {
  const random = createRandom(SEED);
  const generated = generateStudents(now, random);
  const alerts = generateAlerts(generated, now, random);
  // Every error or warning raised against a student counts as a warning on their record.
  const students = generated.map((student) => ({
    ...student,
    warnings: alerts.filter((alert) => alert.studentId === student.id && alert.type !== 'info')
      .length,
  }));
  return {
    exam: {
      title: 'Data Structures Mid-term',
      subtitle: `B.Tech CSE · Semester 3 · Section A · ${EXAM_DURATION_MINUTES} minutes`,
      endsAt: now + (EXAM_DURATION_MINUTES * 60 - ELAPSED_AT_OPEN_SECONDS) * 1000,
    },
    students,
    alerts,
    activeAlerts: alerts.length,
    messages: generateMessages(students, now, random),
  };
}

/**
 * The sample monitor's data: a generated sitting in which connected students keep showing
 * activity, and a chat whose sent messages stay in this browser. No request leaves the page.
 */
export function useMonitorFeed(): MonitorFeed {
  const [snapshot, setSnapshot] = useState(() => generateMonitorSnapshot(Date.now()));
  const sentCount = useRef(0);

  useEffect(() => {
    const random = createRandom(SEED + 1);
    const timer = setInterval(() => {
      // Drawn outside the updater, which React may run twice.
      const pick = random();
      const at = Date.now();
      setSnapshot((current) => {
        const online = current.students.filter(isConnected);
        const active = online[Math.floor(pick * online.length)];
        if (!active) return current;
        return {
          ...current,
          students: current.students.map((student) =>
            student.id === active.id ? { ...student, lastActivity: at } : student,
          ),
        };
      });
    }, ACTIVITY_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const sendMessage = useCallback((studentId: string | null, text: string) => {
    sentCount.current += 1;
    const message: ChatMessage = {
      id: `sent-${sentCount.current}`,
      studentId,
      sender: 'proctor',
      text,
      time: Date.now(),
    };
    setSnapshot((current) => ({ ...current, messages: [...current.messages, message] }));
  }, []);

  return useMemo(
    () => ({ ...snapshot, source: { kind: 'sample' } as const, sendMessage }),
    [snapshot, sendMessage],
  );
}
