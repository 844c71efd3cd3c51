/**
 * How a REST route describes itself in the OpenAPI document (GET /api/openapi.json). Each area
 * lists its routes in `<area>.openapi.ts`, next to its `<area>.rest.ts`: the request body is the
 * SAME zod schema the adapter parses with (imported from `<area>-input.ts`), so what is validated
 * and what is documented cannot drift; the success answer is a zod schema of what the handler
 * sends, with the one status it really answers. modules/integrations/openapi.ts gathers the areas'
 * lists into the document; its test compares them with the routes Express mounts.
 */
import { REASON_CODES, type Reason } from '@planner/shared';
import { z } from 'zod';
import { MAX_ID } from './ids.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The one success answer of a route. */
export type Success =
  | { status: 200 | 201 | 202; json: z.ZodType; description: string }
  | { status: 204; description?: string }
  | { status: 200; file: 'application/pdf' | 'application/zip' | 'application/octet-stream' | 'text/csv'; description: string }
  /** A browser redirect (single sign-on): the Location header says where. */
  | { status: 302; location: string; description: string };

/** The request body, by the media types the route reads (a JSON body, form fields, a multipart upload). */
export interface Body {
  json?: z.ZodType;
  urlencoded?: z.ZodType;
  multipart?: z.ZodType;
  description?: string;
}

/** JSON, or the same fields as a form post (urlencoded or multipart). */
export const formBody = (schema: z.ZodType, description?: string): Body => ({ json: schema, urlencoded: schema, multipart: schema, description });
/** One uploaded file in the multipart field `field`. */
export const fileUpload = (field: string, description: string, extra: z.ZodRawShape = {}): Body => ({
  multipart: z.object({ [field]: z.string().meta({ format: 'binary', description }), ...extra }),
});

/** Error statuses a route may answer besides the common 400, 401 (unless public), 403 and 404. */
export type ExtraError = 409 | 413 | 429 | 503;

export interface ApiRoute {
  method: HttpMethod;
  /** As mounted under /api, in Express syntax with the spec's trailing slash: `/students/:id/`. */
  path: string;
  /** The operation name given to route() (the read-only guard and GraphQL use the same names). */
  operationId: string;
  summary: string;
  description?: string;
  /** Answers without a token. */
  public?: boolean;
  /** Path parameters whose meaning the name does not tell (see PATH_PARAMS for the defaults). */
  params?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  body?: Body;
  success: Success;
  errors?: ExtraError[];
}

export interface AreaRoutes {
  tag: string;
  routes: ApiRoute[];
}

/** One area's routes under one tag (the heading integration scripts browse by). */
export const areaRoutes = (tag: string, routes: ApiRoute[]): AreaRoutes => ({ tag, routes });

// Path parameters. Every id is read the same way (core/ids.ts): malformed is a 400, well-formed of nothing a 404.
export const numericId = (what: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]*$/)
    .meta({ description: `The ${what}'s numeric id (1 to ${MAX_ID}).` });
export const uuidParam = (what: string) => z.uuid().meta({ description: `The ${what}'s uuid.` });
/** A course is named by its number or its uuid wherever a course id is asked for (core/ids.ts parseCourseRef). */
export const courseRef = () => z.string().meta({ description: 'The course: its numeric id or its uuid.' });

/** What a path parameter is when its route does not say otherwise. */
export const PATH_PARAMS: Record<string, () => z.ZodType> = {
  id: () => numericId('object'),
  uuid: () => uuidParam('object'),
  courseId: courseRef,
  code: () => z.string().meta({ description: 'The code from the emailed or texted link.' }),
};

// Shapes many answers share.
export const ErrorBody = z
  .object({
    error: z.string().meta({ description: "What went wrong, and what to fix (the spec's English text)." }),
    reason: z
      .enum(REASON_CODES as [Reason, ...Reason[]])
      .optional()
      .meta({ description: 'Why, as a stable code: translate or branch on this, not on the text. Every error the service raises carries one.' }),
    params: z.record(z.string(), z.string()).optional().meta({ description: 'The values filled into a parameterised text, by placeholder name (e.g. {"max": "100"}).' }),
  })
  .meta({ id: 'Error' });
export const MessageBody = z.object({ message: z.string() }).meta({ id: 'Message' });
/**
 * Why a row of an import's report was not saved (or what to know about it): see rowReason in
 * core/errors.ts. `nullWhen`: the reason may be null, and when.
 */
export const rowReasonFields = (message: string, nullWhen?: string) => {
  const reason = 'Why, as a stable reason code: translate or branch on this, not on the text.';
  return {
    reason: nullWhen
      ? z
          .string()
          .nullable()
          .meta({ description: `${reason} Null ${nullWhen}.` })
      : z.string().meta({ description: reason }),
    params: z.record(z.string(), z.string()).optional().meta({ description: "The values filled into the reason's text, by placeholder name (absent when it has none)." }),
    message: z.string().meta({ description: `${message}: the English text of the reason.` }),
  };
};
/** A timestamp as sent: ISO 8601 in UTC. */
export const timestamp = () => z.iso.datetime();
/** A calendar date as stored: YYYY-MM-DD. */
export const day = () => z.iso.date();

/** ?page_size= and ?cursor= of the lists scripts page through (core/http.ts sendPagedList). */
export const PAGED_QUERY = {
  page_size: z
    .string()
    .regex(/^[0-9]+$/)
    .optional()
    .meta({ description: 'Page size; without it the whole list comes back as one array (the next cursor is in the X-Next-Cursor header).' }),
  cursor: z.string().optional().meta({ description: 'The X-Next-Cursor header of the previous page.' }),
};
