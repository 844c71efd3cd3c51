/**
 * The accounts, profile, view-as and API-token routes in the OpenAPI document (see core/openapi.ts).
 *
 * The bodies are the schemas the adapters parse with (accounts-input.ts, profile-input.ts' contact
 * preference, api-token-input.ts), except
 * the language and the term labels, whose parsers (profile-input.ts) are plain functions: their
 * bodies are described here, and openapi.test.ts checks real answers against the answer schemas.
 */
import { APPLICATION_STATUSES, CONTACT_PREFERENCES, LOCALES } from '@planner/shared';
import { z } from 'zod';
import { areaRoutes, MessageBody, timestamp, uuidParam } from '../../core/openapi.js';
import { SchoolJson } from '../schools/schools.openapi.js';
import { ACCOUNT_SCHEMAS } from '../accounts/accounts-input.js';
import { PROFILE_SCHEMAS } from '../accounts/profile-input.js';
import { apiTokenCreateSchema } from '../api-tokens/api-token-input.js';

const userType = z.int().min(1).max(4).meta({ description: '1 student, 2 staff, 3 parent, 4 baseline-plan record.' });
const Token = z.object({ token: z.string().meta({ description: 'Session token for `Authorization: Token <token>`.' }) });

export const CurrentUserJson = z
  .object({
    user_id: z.int(),
    id: z.int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    user_type: userType,
    application_status: z.enum(APPLICATION_STATUSES).nullable(),
    grade: z.string().nullable(),
    dob: z.string().nullable().meta({ description: 'Date of birth as entered (MMDDYYYY).' }),
    parent_code: z.string().nullable().meta({ description: "A student's code for linking a parent; null for others." }),
    academic_year_labels: z.array(z.string()),
    school: SchoolJson.nullable(),
    dual_school_enabled: z.boolean(),
    viewing_as: z.object({ acting_user_id: z.int(), read_only: z.boolean() }).nullable(),
    locale: z.enum(LOCALES),
    contact_preference: z
      .enum(CONTACT_PREFERENCES)
      .nullable()
      .meta({ description: "Parents: how they hear of their student's plan review ('email' or 'sms'); null for everyone else." }),
    phone: z.string().nullable().meta({ description: 'Parents: the mobile number texts go to (digits, with a leading + if given one); null for everyone else.' }),
  })
  .meta({ id: 'CurrentUser' });

export const ApiTokenJson = z
  .object({
    id: z.uuid().meta({ description: 'Identifier, to revoke it.' }),
    name: z.string(),
    last_four: z.string().meta({ description: 'Last four characters of the token.' }),
    created_at: timestamp(),
    expires_at: timestamp(),
    last_used_at: timestamp().nullable(),
    expired: z.boolean(),
  })
  .meta({ id: 'ApiToken' });

export const ACCOUNT_ROUTES = areaRoutes('Accounts', [
  {
    method: 'post',
    path: '/register/',
    operationId: 'register',
    summary: 'Create an account with a sign-up code.',
    public: true,
    errors: [429],
    body: { json: ACCOUNT_SCHEMAS.registerSchema },
    success: { status: 201, json: Token.extend({ user_type: userType }), description: 'Signed up and signed in.' },
  },
  {
    method: 'post',
    path: '/login/',
    operationId: 'login',
    summary: 'Sign in with email and password; answers a session token.',
    public: true,
    errors: [429],
    body: { json: ACCOUNT_SCHEMAS.loginSchema },
    success: { status: 200, json: Token.extend({ user_type: userType }), description: 'Signed in.' },
  },
  {
    method: 'post',
    path: '/logout/',
    operationId: 'logout',
    summary: 'End the session of the token sent.',
    success: { status: 200, json: MessageBody, description: 'Signed out.' },
  },
  {
    method: 'get',
    path: '/current-user/',
    operationId: 'currentUser',
    summary: 'The signed-in user.',
    success: { status: 200, json: CurrentUserJson, description: 'The user.' },
  },
  {
    method: 'get',
    path: '/user/',
    operationId: 'user',
    summary: "The signed-in user's profile as the consent and Open CCC screens read it.",
    success: {
      status: 200,
      description: 'The profile.',
      json: z.object({
        first_name: z.string(),
        last_name: z.string(),
        email: z.string(),
        dob: z.string().nullable(),
        grade: z.string().nullable(),
        school: z.object({ name: z.string() }).nullable(),
      }),
    },
  },
  {
    method: 'put',
    path: '/locale/',
    operationId: 'updateLocale',
    summary: 'Save the interface language of the signed-in person.',
    body: { json: z.object({ locale: z.enum(LOCALES) }) },
    success: { status: 200, json: z.object({ locale: z.enum(LOCALES) }), description: 'The language saved.' },
  },
  {
    method: 'put',
    path: '/contact-preference/',
    operationId: 'updateContactPreference',
    summary: "Parents: choose how they hear of their student's plan review (an email, or a text to their phone); others get 403.",
    body: { json: PROFILE_SCHEMAS.contactSchema },
    success: {
      status: 200,
      json: z.object({ contact_preference: z.enum(CONTACT_PREFERENCES), phone: z.string().nullable() }),
      description: 'The preference and phone saved.',
    },
  },
  {
    method: 'put',
    path: '/update-user-labels/',
    operationId: 'updateUserLabels',
    summary: 'Rename the academic year labels of the signed-in student.',
    body: { json: z.object({ academic_year_labels: z.array(z.string()) }) },
    success: { status: 200, json: z.object({ academic_year_labels: z.array(z.string()) }), description: 'The labels saved.' },
  },
  {
    method: 'post',
    path: '/request-reset-password/',
    operationId: 'requestPasswordReset',
    summary: 'Email a single-use password reset link (always answers the same way).',
    public: true,
    errors: [429],
    body: { json: ACCOUNT_SCHEMAS.resetRequestSchema },
    success: { status: 200, json: MessageBody, description: 'Sent, if the account exists.' },
  },
  {
    method: 'post',
    path: '/change-password/',
    operationId: 'changePassword',
    summary: "Change the signed-in person's password; every other session and reset link of the account ends.",
    errors: [429],
    body: { json: ACCOUNT_SCHEMAS.changePasswordSchema },
    success: { status: 200, json: MessageBody, description: 'Changed.' },
  },
  {
    method: 'post',
    path: '/reset-password/:uidb64/:token/',
    operationId: 'resetPassword',
    summary: 'Set a new password from an emailed link.',
    public: true,
    errors: [429],
    params: {
      uidb64: z.string().meta({ description: 'The account, as in the emailed link.' }),
      token: z.string().meta({ description: 'The reset token, as in the emailed link.' }),
    },
    body: { json: ACCOUNT_SCHEMAS.newPasswordSchema },
    success: { status: 200, json: MessageBody, description: 'Reset.' },
  },
  {
    method: 'post',
    path: '/view-as-student/',
    operationId: 'viewAsStudent',
    summary: "Staff or a linked parent: a token acting as the student; a parent's is read-only.",
    body: { json: ACCOUNT_SCHEMAS.viewAsSchema },
    success: { status: 200, json: Token, description: 'The view-as token.' },
  },
  {
    method: 'post',
    path: '/return-to-admin-view/',
    operationId: 'returnToAdminView',
    summary: 'End a staff view-as session; answers the staff token.',
    body: { json: z.object({ adminToken: z.string() }) },
    success: { status: 200, json: Token, description: 'The staff token.' },
  },
  {
    method: 'post',
    path: '/return-to-parent-view/',
    operationId: 'returnToParentView',
    summary: 'End a parent view-as session; answers the parent token.',
    body: { json: z.object({ parentToken: z.string() }) },
    success: { status: 200, json: Token, description: 'The parent token.' },
  },
]);

export const API_TOKEN_ROUTES = areaRoutes('Accounts', [
  {
    method: 'get',
    path: '/api-tokens/',
    operationId: 'apiTokens',
    summary: "Staff: the caller's personal API tokens.",
    success: { status: 200, json: z.array(ApiTokenJson), description: 'The tokens (never the token itself).' },
  },
  {
    method: 'post',
    path: '/api-tokens/',
    operationId: 'createApiToken',
    summary: 'Staff: create a named personal API token; the token is answered once.',
    body: { json: apiTokenCreateSchema },
    success: {
      status: 201,
      json: ApiTokenJson.extend({ token: z.string().meta({ description: 'The token: shown this once, never stored.' }) }),
      description: 'The token created.',
    },
  },
  {
    method: 'delete',
    path: '/api-tokens/:id/',
    operationId: 'revokeApiToken',
    summary: "Staff: revoke one of the caller's personal API tokens.",
    params: { id: uuidParam('API token') },
    success: { status: 204, description: 'Revoked.' },
  },
]);
