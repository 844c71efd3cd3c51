/** The statement and ledger routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, day } from '../../core/openapi.js';
import { STATEMENT_LINE_KINDS } from './statement.js';

const SchoolYear = z.string().meta({ description: 'A school year label, e.g. 2026-27.', example: '2026-27' });
const StatementQuery = z.object({
  family: z.string().optional().meta({ description: "The family (the parent's user id). Staff must give it; a parent reads their own without it." }),
  school_year: SchoolYear.optional().meta({ description: 'Default: the latest school year the family has money in.' }),
});
const dollars = (description: string) => z.number().meta({ description: `${description} US dollars (9500 is $9,500).` });

const Statement = z
  .object({
    family_id: z.int(),
    family_name: z.string(),
    school_name: z.string(),
    school_year: z.string().nullable().meta({ description: 'Null: the family has no money in any school year yet.' }),
    school_years: z.array(z.string()).meta({ description: 'The school years the family has money in, oldest first.' }),
    lines: z.array(
      z.object({
        date: day(),
        kind: z.enum(STATEMENT_LINE_KINDS),
        description: z.string().meta({ description: "In the reader's language." }),
        amount: dollars('The effect on the balance: positive owed, negative paid or credited, 0 for a failed charge.'),
        balance: dollars('What the family owes after this line.'),
        reference: z.string().nullable().meta({ description: "Stripe's reference (payment intent, invoice, checkout session or refund id), or a check's number." }),
        payment_id: z.int().nullable(),
      }),
    ),
    totals: z.object({
      due: dollars('Amounts due.'),
      paid: dollars('Paid.'),
      credited: dollars('Waived or credited.'),
      refunded: dollars('Refunded.'),
      balance: dollars('Owed.'),
    }),
  })
  .meta({ id: 'Statement' });

export const STATEMENT_ROUTES = areaRoutes('Payments', [
  {
    method: 'get',
    path: '/statements/',
    operationId: 'statement',
    summary:
      "A family's statement for a school year: every amount due, paid, late fee, waiver and refund with the running balance (the family, or staff of its dual school).",
    query: StatementQuery,
    success: { status: 200, json: Statement, description: 'The statement, in date order.' },
  },
  {
    method: 'get',
    path: '/statements/pdf/',
    operationId: 'statementPdf',
    summary: "The same statement as a PDF, in the reader's language.",
    query: StatementQuery,
    success: { status: 200, file: 'application/pdf', description: 'statement-<school year>.pdf, inline.' },
  },
  {
    method: 'get',
    path: '/statements/ledger/',
    operationId: 'statementLedger',
    summary:
      "Dual-school staff: every money movement of a school year (amounts due, late fees, payments, waivers, withdrawal credits, refunds) as CSV; the card payments and refunds add up to Stripe's.",
    query: z.object({ school_year: SchoolYear }),
    success: { status: 200, file: 'text/csv', description: 'ledger-<school year>.csv' },
  },
]);
