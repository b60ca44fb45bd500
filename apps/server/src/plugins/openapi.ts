import {
  bankQuestionReferenceSchema,
  listedQuestionSchema,
  questionSchema,
} from '@examiq/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

const DOCS_PREFIX = '/api/docs';
export const BEARER_AUTH = [{ bearerAuth: [] }];

/**
 * A section's listed question is checked by its key (`listedQuestionSchema`: a written question's
 * errors keep their paths), which JSON Schema cannot express: it is documented as what it takes.
 */
const LISTED_QUESTION = {
  anyOf: [questionSchema, bankQuestionReferenceSchema].map((schema) =>
    z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }),
  ),
};

const transform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: (ctx) => {
      // The library's own rule for unions, which an override replaces: no empty alternatives.
      const { anyOf } = ctx.jsonSchema;
      if (anyOf) ctx.jsonSchema.anyOf = anyOf.filter((schema) => Object.keys(schema).length > 0);
      if (ctx.zodSchema === listedQuestionSchema) Object.assign(ctx.jsonSchema, LISTED_QUESTION);
    },
  },
});

/** The OpenAPI document is generated from the same contract schemas that validate requests. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ExamIQ API',
        description: 'Online examination and assessment platform',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
