/** The enrollment contract routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, timestamp } from '../../core/openapi.js';
import { generateSchema } from './contract-input.js';

export const CONTRACT_ROUTES = areaRoutes('Contracts', [
  {
    method: 'post',
    path: '/generate-enrollment-contract-pdf/',
    operationId: 'generateEnrollmentContractPdf',
    summary: 'Generate the enrollment contract PDF.',
    description: 'A refusal answers its 4xx status with the same shape: success false, pdf_url null, error the message.',
    errors: [429],
    body: { json: generateSchema },
    success: { status: 200, json: z.object({ success: z.literal(true), pdf_url: z.string(), error: z.null() }), description: 'Generated.' },
  },
  {
    method: 'post',
    path: '/enrollment-contract-completion/',
    operationId: 'completeEnrollmentContract',
    summary: 'Sign and complete the enrollment contract.',
    success: { status: 200, json: z.object({ success: z.literal(true), application_status: z.string(), completed_at: timestamp() }), description: 'Completed.' },
  },
  {
    method: 'get',
    path: '/enrollment-contract/',
    operationId: 'enrollmentContract',
    summary: "The family's enrollment contract and the contract text.",
    success: {
      status: 200,
      description: 'The contract (null before one is generated) and its text.',
      json: z.object({
        contract: z
          .object({
            id: z.string(),
            student_name: z.string(),
            status: z.enum(['unsigned', 'generated', 'completed']),
            pdf_url: z.string().nullable(),
            completed_at: timestamp().nullable(),
            placed_signatures: z.record(z.string(), z.string()),
          })
          .nullable(),
        document: z.record(z.string(), z.unknown()).meta({ description: 'The contract text: the sections the PDF draws.' }),
      }),
    },
  },
]);
