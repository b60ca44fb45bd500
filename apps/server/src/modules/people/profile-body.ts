import { inviteFieldSchema, PEOPLE_MESSAGES, personSchemaFor } from '@examiq/contracts';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { contractValidatorCompiler, RequestValidationError } from '../../plugins/validation';
import { readSettings } from '../settings/settings.service';

/**
 * Route options of a person's create and edit: which fields the body must have is a setting in
 * the database, which a schema compiled at start-up cannot read, so the body is checked once the
 * setting is read, with the same messages and error map a schema failure gives. The route's own
 * body schema, the spec's rule, documents the call.
 */
export function personBodyOptions(
  db: AppDatabase,
  kind: 'students' | 'faculty',
  { create = false }: { create?: boolean } = {},
) {
  const validatorCompiler: FastifySchemaCompiler<unknown> = (route) =>
    route.httpPart === 'body'
      ? (data) => ({ value: data })
      : contractValidatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
  return {
    validatorCompiler,
    preHandler: async (request: FastifyRequest, _reply: FastifyReply) => {
      const { settings } = await readSettings(db);
      const schema = personSchemaFor(kind, settings);
      const result = schema.safeParse(request.body ?? {});
      // The create calls also take the invite choice, checked beside the profile: an invitation
      // only while the institution offers them.
      const invite = create ? inviteFieldSchema.safeParse(request.body ?? {}) : undefined;
      const issues = [...(result.error?.issues ?? []), ...(invite?.error?.issues ?? [])];
      if (invite?.data?.invite && !settings.invitationEmails) {
        issues.push({
          code: 'custom',
          path: ['invite'],
          message: PEOPLE_MESSAGES.invitationsOff,
          input: true,
        });
      }
      if (!result.success || issues.length > 0) throw new RequestValidationError(issues);
      request.body = invite?.success ? { ...result.data, ...invite.data } : result.data;
    },
  };
}
