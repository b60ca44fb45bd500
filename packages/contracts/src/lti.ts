import { z } from 'zod';
import { loginDataSchema } from './auth';
import { isAcceptableIssuer } from './sign-in-providers';

// --- LTI 1.3: ExamIQ as a tool of the institution's LMS (Moodle, Canvas) ------------------------

export const LTI_MESSAGES = {
  created: 'LMS platform registered',
  updated: 'LMS platform saved',
  deleted: 'LMS platform removed',
  platformNotFound: 'LMS platform not found',
  duplicate: 'This issuer and client ID are registered already',
  keyRotated:
    'A new tool key signs from now on; the previous one stays published until the next rotation',
  launchRefused:
    'The launch from your LMS could not be accepted. Open the activity again from the course.',
  noAccount: (email: string) => `No ExamIQ account matches ${email}. Ask your administrator.`,
  noExam: 'This LMS activity does not name an ExamIQ exam. Ask your instructor to add it again.',
  launchExpired: 'This launch has expired. Open the activity again from your LMS course.',
  deepLinkNotFound: 'This content selection has expired. Start it again from your LMS course.',
  examNotOffered: 'This exam cannot be placed in a course: it is not a published exam you teach',
  instructorsOnly: 'Only an instructor can add ExamIQ exams to a course',
} as const;

/** The message types a launch may carry (LTI Core 1.3, LTI Deep Linking 2.0). */
export const LTI_MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export type LtiMessageType = (typeof LTI_MESSAGE_TYPES)[number];

/** The custom parameter of a resource link that names the exam (the exam's id). */
export const LTI_EXAM_PARAMETER = 'examiq_exam_id';

const URL_MESSAGE = (name: string) =>
  `${name} must be an https:// URL (http:// only on this machine) without a fragment`;

const platformUrl = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(500, `${name} cannot exceed 500 characters`)
    // The same rule as an OpenID issuer's, a query allowed (Moodle's token URL has none, others do).
    .refine((value) => {
      const [base = '', query] = value.split('?', 2);
      return isAcceptableIssuer(base) && !value.includes('#') && !/\s/.test(query ?? '');
    }, URL_MESSAGE(name));

const ltiPlatformFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name cannot exceed 80 characters'),
  issuer: z
    .string({ error: 'Issuer is required' })
    .trim()
    .min(1, 'Issuer is required')
    .max(500, 'Issuer cannot exceed 500 characters')
    .refine(isAcceptableIssuer, URL_MESSAGE('Issuer'))
    .transform((issuer) => issuer.replace(/\/+$/, '')),
  clientId: z
    .string({ error: 'Client ID is required' })
    .trim()
    .min(1, 'Client ID is required')
    .max(255, 'Client ID cannot exceed 255 characters'),
  deploymentIds: z
    .array(
      z
        .string({ error: 'Each deployment ID must be text' })
        .trim()
        .min(1, 'A deployment ID cannot be empty')
        .max(255, 'Each deployment ID cannot exceed 255 characters'),
      { error: 'Deployment IDs must be a list' },
    )
    .min(1, 'At least one deployment ID is required')
    .max(50, 'At most 50 deployment IDs')
    .transform((ids) => [...new Set(ids)]),
  authLoginUrl: platformUrl('OIDC login URL'),
  accessTokenUrl: platformUrl('Access token URL'),
  jwksUrl: platformUrl('Keyset (JWKS) URL'),
};

/** `POST /admin/create-lti-platform` and `PUT /admin/update-lti-platform/{id}`. */
export const ltiPlatformInputSchema = z.object(ltiPlatformFields, {
  error: 'LMS platform is required',
});
export type LtiPlatformInput = z.input<typeof ltiPlatformInputSchema>;
export type LtiPlatformFields = z.output<typeof ltiPlatformInputSchema>;

export const ltiPlatformIdSchema = z.object({ id: z.uuid('Invalid LMS platform id') });

export const ltiPlatformSchema = z.object({
  _id: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  authLoginUrl: z.string(),
  accessTokenUrl: z.string(),
  jwksUrl: z.string(),
  createdAt: z.string(),
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

/** What the LMS administrator copies into the LMS to register ExamIQ. */
export const ltiToolUrlsSchema = z.object({
  jwksUrl: z.string(),
  loginUrl: z.string(),
  launchUrl: z.string(),
  deepLinkingUrl: z.string(),
});
export type LtiToolUrls = z.infer<typeof ltiToolUrlsSchema>;

/** A tool key published in ExamIQ's JWKS: its id and since when; the newest signs. */
export const ltiToolKeySchema = z.object({
  kid: z.string(),
  createdAt: z.string(),
  signing: z.boolean(),
});

/** A score the LMS refused or could not be reached for, until a later send succeeds. */
export const ltiScoreFailureSchema = z.object({
  examTitle: z.string(),
  studentEmail: z.string(),
  platformName: z.string(),
  error: z.string(),
  failedAt: z.string(),
});
export type LtiScoreFailure = z.infer<typeof ltiScoreFailureSchema>;

export const ltiSettingsDataSchema = z.object({
  platforms: z.array(ltiPlatformSchema),
  tool: ltiToolUrlsSchema,
  keys: z.array(ltiToolKeySchema),
  scoreFailures: z.array(ltiScoreFailureSchema),
});
export type LtiSettingsData = z.infer<typeof ltiSettingsDataSchema>;

/** `POST /lti/session`: the launch's one-time ticket, from the launch page's address. */
export const ltiSessionInputSchema = z.object(
  {
    ticket: z
      .string({ error: LTI_MESSAGES.launchExpired })
      .regex(/^[A-Za-z0-9_-]{20,100}$/, LTI_MESSAGES.launchExpired),
  },
  { error: LTI_MESSAGES.launchExpired },
);

/** The launched person's session, and the page of the launch (the exam's lobby or results). */
export const ltiSessionDataSchema = loginDataSchema.extend({ redirect: z.string() });

/** The page of the launch that receives the ticket, in its fragment (never sent to a server). */
export const LTI_LAUNCHED_PATH = '/lti/launched';

export const ltiDeepLinkIdSchema = z.object({ id: z.uuid(LTI_MESSAGES.deepLinkNotFound) });

/** An exam an instructor may place in an LMS course. */
export const ltiOfferedExamSchema = z.object({
  _id: z.string(),
  examId: z.string(),
  title: z.string(),
  subject: z.string(),
  totalMarks: z.number(),
});
export type LtiOfferedExam = z.infer<typeof ltiOfferedExamSchema>;

export const ltiDeepLinkDataSchema = z.object({
  platformName: z.string(),
  exams: z.array(ltiOfferedExamSchema),
});
export type LtiDeepLinkData = z.infer<typeof ltiDeepLinkDataSchema>;

export const ltiDeepLinkChoiceSchema = z.object(
  { examId: z.uuid('Choose an exam') },
  { error: 'Choose an exam' },
);

/** The page that posts the signed answer to the LMS (field `JWT`, LTI Deep Linking 2.0), once. */
export const ltiDeepLinkResponseSchema = z.object({ continueUrl: z.string() });
export type LtiDeepLinkResponse = z.infer<typeof ltiDeepLinkResponseSchema>;
