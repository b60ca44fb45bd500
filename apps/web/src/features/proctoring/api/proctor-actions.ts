import {
  ATTEMPT_MESSAGES,
  type EndAttemptPayload,
  type GrantExtraTimePayload,
  grantExtraTimeDataSchema,
  PROCTORING_MESSAGES,
  type ProctorMessagePayload,
  proctorAlertSchema,
  proctorMessageDataSchema,
  type ReviewAlertPayload,
  submitResultSchema,
  successResponse,
  type WarnStudentPayload,
} from '@examiq/contracts';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import type { ProctorArea } from './get-monitor';

/**
 * One proctor action: a POST in the area's routes, answered with what changed and the server's
 * confirmation (`done` if it sent none).
 */
async function act<T extends z.ZodType>(path: string, payload: object, data: T, done: string) {
  const response = await apiClient.post(path, payload);
  const body = parseResponse(successResponse(z.unknown()), response.data);
  return { message: body.message ?? done, data: parseResponse(data, body.data) };
}

/** POST /{area}/send-message: to one student of the exam, or to all of them. */
export const sendProctorMessage = (area: ProctorArea, payload: ProctorMessagePayload) =>
  act(`/${area}/send-message`, payload, proctorMessageDataSchema, PROCTORING_MESSAGES.messageSent);

/** POST /{area}/warn-student: a warning shown on the student's screen. */
export const warnStudent = (area: ProctorArea, payload: WarnStudentPayload) =>
  act(`/${area}/warn-student`, payload, proctorMessageDataSchema, PROCTORING_MESSAGES.warned);

/**
 * The student's total extra time on the exam: POST /faculty/grant-extra-time, or the admin's
 * grant of the sittings page, POST /admin/grant-extra-time.
 */
export const grantExtraTime = (area: ProctorArea, payload: GrantExtraTimePayload) =>
  act(
    `/${area}/grant-extra-time`,
    payload,
    grantExtraTimeDataSchema,
    ATTEMPT_MESSAGES.extraTimeGranted,
  );

/** POST /{area}/end-attempt: submits the attempt with what was saved. */
export const endAttempt = (area: ProctorArea, payload: EndAttemptPayload) =>
  act(`/${area}/end-attempt`, payload, submitResultSchema, PROCTORING_MESSAGES.attemptEnded);

/** POST /{area}/review-alert: dismisses or confirms an alert. */
export const reviewAlert = (area: ProctorArea, payload: ReviewAlertPayload) =>
  act(`/${area}/review-alert`, payload, proctorAlertSchema, PROCTORING_MESSAGES.alertReviewed);
