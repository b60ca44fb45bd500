import {
  type MonitorMessagesData,
  type MonitorMessagesQuery,
  PROCTORING_LIMITS,
  PROCTORING_MESSAGES,
  type ProctorMessage,
} from '@examiq/contracts';
import { and, desc, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client';
import { faculty, proctorMessages, students } from '../../db/schema';
import { notFound, type Proctor, proctoredExam } from './proctor-access';

/** Who wrote a message or acted, by name: a faculty member, a student, an admin or the exam itself. */
export const actorName = (userId: AnyPgColumn) => sql<string>`coalesce(
  (select ${faculty.firstName} || ' ' || ${faculty.lastName} from ${faculty} where ${faculty.userId} = ${userId}),
  (select sender.first_name || ' ' || sender.last_name from ${students} as sender where sender.user_id = ${userId}),
  case when ${userId} is null then 'Automatic' else 'Administrator' end)`;

export function messagesQuery(db: AppDatabase) {
  return db
    .select({
      message: proctorMessages,
      studentId: students.id,
      senderName: actorName(proctorMessages.senderUserId),
    })
    .from(proctorMessages)
    .leftJoin(students, eq(students.userId, proctorMessages.studentUserId));
}

export function messageOf(row: {
  message: typeof proctorMessages.$inferSelect;
  studentId: string | null;
  senderName: string;
}): ProctorMessage {
  return {
    _id: row.message.id,
    examId: row.message.examId,
    studentId: row.studentId,
    kind: row.message.kind,
    from: row.message.sender,
    senderName: row.senderName,
    text: row.message.text,
    at: row.message.at.toISOString(),
  };
}

export async function messageById(db: AppDatabase, id: string): Promise<ProctorMessage> {
  const [row] = await messagesQuery(db).where(eq(proctorMessages.id, id));
  return messageOf(row as Parameters<typeof messageOf>[0]);
}

/**
 * The ids of the newest messages of each of the exam's conversations: each student's (its own and
 * the proctors' to it) and the one written to all (no student), which the window's partition by
 * student keeps together.
 */
export function newestOfEachConversation(db: AppDatabase, examId: string) {
  const ranked = db
    .select({
      id: proctorMessages.id,
      rank: sql<number>`row_number() over (partition by ${proctorMessages.studentUserId} order by ${proctorMessages.at} desc, ${proctorMessages.seq} desc)`.as(
        'rank',
      ),
    })
    .from(proctorMessages)
    .where(eq(proctorMessages.examId, examId))
    .as('ranked');
  return db
    .select({ id: ranked.id })
    .from(ranked)
    .where(lte(ranked.rank, PROCTORING_LIMITS.monitorMessagesPerConversation));
}

/**
 * One page of a conversation of the exam's chat, oldest first: a student's (by its record's id),
 * or without one the messages written to all; the page just older than `before`, or the newest.
 */
export async function monitorMessages(
  db: AppDatabase,
  proctor: Proctor,
  examId: string,
  { studentId, before, limit }: MonitorMessagesQuery,
): Promise<MonitorMessagesData> {
  const exam = await proctoredExam(db, proctor, examId);
  let conversation: SQL = isNull(proctorMessages.studentUserId);
  if (studentId) {
    const [student] = await db
      .select({ userId: students.userId })
      .from(students)
      .where(eq(students.id, studentId));
    if (!student) throw notFound(PROCTORING_MESSAGES.studentNotFound);
    conversation = eq(proctorMessages.studentUserId, student.userId);
  }
  const inConversation = and(eq(proctorMessages.examId, exam.id), conversation);
  let older: SQL | undefined;
  if (before) {
    const [cursor] = await db
      .select({ at: proctorMessages.at, seq: proctorMessages.seq })
      .from(proctorMessages)
      .where(and(inConversation, eq(proctorMessages.id, before)));
    if (!cursor) throw notFound(PROCTORING_MESSAGES.messageNotFound);
    older = sql`(${proctorMessages.at}, ${proctorMessages.seq}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.seq})`;
  }
  // One more than the page: whether there is an older page is known without counting.
  const rows = await messagesQuery(db)
    .where(and(inConversation, older))
    .orderBy(desc(proctorMessages.at), desc(proctorMessages.seq))
    .limit(limit + 1);
  return {
    messages: rows.slice(0, limit).reverse().map(messageOf),
    hasMore: rows.length > limit,
  };
}
