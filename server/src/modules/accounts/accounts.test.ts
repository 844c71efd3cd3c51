/** Sign-up, sign-in, sessions, password reset and term labels, through REST and GraphQL. */
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../core/passwords.js';
import { DEMO, DEMO_PASSWORD, uniqueEmail, useHarness } from '../../test/harness.js';
import { AuthToken } from './auth-token.entity.js';
import { User } from './user.entity.js';

const h = useHarness();

const NEW_PASSWORD = 'Brand#New2027';
const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
const NOT_AUTHENTICATED = 'Authentication credentials were not provided or are invalid.';

const REGISTER = `mutation Register($input: RegisterInput!) { register(input: $input) { token userType } }`;
const LOGIN = `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { token userType } }`;
const CURRENT_USER = `query { currentUser {
  id firstName lastName email userType applicationStatus grade parentCode academicYearLabels dualSchoolEnabled
  school { uuid name schoolType dualSchoolEnabled } viewingAs { actingUserId readOnly } } }`;

interface Registration {
  signup_code?: string;
  email?: string;
  password?: string;
  first_name?: string;
  last_name?: string;
}

function registration(overrides: Registration = {}): Required<Registration> {
  return {
    signup_code: DEMO.codes.student,
    email: uniqueEmail('signup'),
    password: 'Planner#2026',
    first_name: 'Riley',
    last_name: 'Nguyen',
    ...overrides,
  } as Required<Registration>;
}

const gqlInput = (r: Registration) => ({
  signupCode: r.signup_code ?? '',
  email: r.email ?? '',
  password: r.password ?? '',
  firstName: r.first_name ?? '',
  lastName: r.last_name ?? '',
});

async function currentUser(token: string) {
  const res = await h.api.get('/api/current-user/').set(h.auth(token));
  expect(res.status).toBe(200);
  return res.body;
}

/** Asks for a reset through REST and returns the link's parts from the queued email. */
async function requestResetLink(email: string): Promise<{ uidb64: string; token: string; body: string }> {
  const res = await h.api.post('/api/request-reset-password/').send({ email });
  expect(res.status).toBe(200);
  const rows: { body: string }[] = await h.db.query(
    `SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`,
    [email.toLowerCase()],
  );
  expect(rows).toHaveLength(1);
  const m = /http:\/\/planner\.test\/reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(rows[0].body);
  expect(m, rows[0].body).not.toBeNull();
  return { uidb64: m![1], token: m![2], body: rows[0].body };
}

describe('register', () => {
  it('creates a Lincoln student with a parent code and the four high-school labels (REST)', async () => {
    const r = registration({ email: uniqueEmail('Riley.Student') });
    const res = await h.api.post('/api/register/').send(r);
    expect(res.status).toBe(201);
    expect(res.body.user_type).toBe(1);
    expect(typeof res.body.token).toBe('string');

    // Signed in at once: the token answers current-user.
    const me = await currentUser(res.body.token);
    expect(me.email).toBe(r.email.toLowerCase());
    expect(me.first_name).toBe('Riley');
    expect(me.last_name).toBe('Nguyen');
    expect(me.user_type).toBe(1);
    expect(me.school.name).toBe('Lincoln High School');
    expect(me.parent_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(me.academic_year_labels).toEqual(['9th Grade', '10th Grade', '11th Grade', '12th Grade']);
    expect(me.application_status).toBeNull();

    const user = await h.userByEmail(r.email);
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain(r.password);
    const lincoln = await h.schoolNamed('Lincoln High School');
    expect(user.schoolId).toBe(lincoln.id);
    const memberships = await h.db.query(`SELECT school_id FROM school_memberships WHERE user_id = $1`, [user.id]);
    expect(memberships).toEqual([{ school_id: lincoln.id }]);
  });

  it('creates a student through GraphQL too', async () => {
    const r = registration();
    const res = await h.gql(REGISTER, { input: gqlInput(r) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.register.userType).toBe(1);
    const me = await h.gql(CURRENT_USER, {}, res.data!.register.token);
    expect(me.data!.currentUser.email).toBe(r.email);
    expect(me.data!.currentUser.school.name).toBe('Lincoln High School');
    expect(me.data!.currentUser.academicYearLabels).toHaveLength(4);
  });

  it('matches sign-up codes case-insensitively, ignoring surrounding spaces', async () => {
    const res = await h.api.post('/api/register/').send(registration({ signup_code: '  lincoln-staff ' }));
    expect(res.status).toBe(201);
    expect(res.body.user_type).toBe(2);
  });

  it('creates staff with LINCOLN-STAFF and a parent with LINCOLN-PARENT, without a parent code', async () => {
    const staff = await h.api.post('/api/register/').send(registration({ signup_code: DEMO.codes.staff }));
    expect(staff.status).toBe(201);
    expect(staff.body.user_type).toBe(2);
    const staffMe = await currentUser(staff.body.token);
    expect(staffMe.school.name).toBe('Lincoln High School');
    expect(staffMe.parent_code).toBeNull();
    expect(staffMe.academic_year_labels).toEqual([]);

    const parent = await h.gql(REGISTER, { input: gqlInput(registration({ signup_code: DEMO.codes.parent })) });
    expect(parent.data!.register.userType).toBe(3);
    const parentMe = await h.gql(CURRENT_USER, {}, parent.data!.register.token);
    expect(parentMe.data!.currentUser.userType).toBe(3);
    expect(parentMe.data!.currentUser.school.name).toBe('Lincoln High School');
    expect(parentMe.data!.currentUser.parentCode).toBeNull();
    expect(parentMe.data!.currentUser.applicationStatus).toBeNull();
  });

  it('puts a DUAL-PARENT sign-up in Dual School with application status not_started', async () => {
    const res = await h.api.post('/api/register/').send(registration({ signup_code: 'DUAL-PARENT' }));
    expect(res.status).toBe(201);
    expect(res.body.user_type).toBe(3);
    const me = await currentUser(res.body.token);
    expect(me.school.name).toBe('Dual School');
    expect(me.application_status).toBe('not_started');
    expect(me.dual_school_enabled).toBe(true);

    const g = await h.gql(REGISTER, { input: gqlInput(registration({ signup_code: 'dual-parent' })) });
    expect(g.data!.register.userType).toBe(3);
    const gme = await h.gql(CURRENT_USER, {}, g.data!.register.token);
    expect(gme.data!.currentUser).toMatchObject({ applicationStatus: 'not_started', dualSchoolEnabled: true, school: { name: 'Dual School' } });
  });

  const refusals: { name: string; input: Registration; message: string }[] = [
    { name: 'a missing email', input: registration({ email: '' }), message: 'All fields are required' },
    { name: 'a missing password', input: registration({ password: '' }), message: 'All fields are required' },
    { name: 'a missing first name', input: registration({ first_name: '   ' }), message: 'All fields are required' },
    { name: 'a missing last name', input: registration({ last_name: '' }), message: 'All fields are required' },
    { name: 'an empty sign-up code', input: registration({ signup_code: '' }), message: 'Please enter a sign-up code.' },
    { name: 'a two-character code', input: registration({ signup_code: 'LI' }), message: 'Sign-up code must be at least 3 characters long.' },
    { name: 'an unknown code', input: registration({ signup_code: 'NOT-A-CODE' }), message: 'Invalid sign-up code.' },
    { name: 'a taken email (any case)', input: registration({ email: 'Student@Lincoln.Example' }), message: 'A user with this email already exists.' },
    { name: 'a short password', input: registration({ password: 'Pl#2026' }), message: 'Your password does not meet the requirements.' },
    { name: 'a password without a special character', input: registration({ password: 'Planner2026' }), message: 'Your password does not meet the requirements.' },
    { name: 'a password holding the last name', input: registration({ password: 'Nguyen#2026' }), message: 'Your password does not meet the requirements.' },
  ];

  for (const { name, input, message } of refusals) {
    it(`refuses ${name} with '${message}' on REST and GraphQL, creating no account`, async () => {
      const res = await h.api.post('/api/register/').send(input);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });

      const g = await h.gql(REGISTER, { input: gqlInput(input) });
      expect(g.data).toBeNull();
      expect(g.errors).toHaveLength(1);
      expect(g.errors![0].message).toBe(message);
      expect(g.code).toBe('BAD_USER_INPUT');

      if (input.email?.endsWith('@test.example')) {
        expect(await h.db.getRepository(User).countBy({ email: input.email.toLowerCase() })).toBe(0);
      }
    });
  }

  it("says 'All fields are required' when the REST body lacks fields altogether", async () => {
    const res = await h.api.post('/api/register/').send({ signup_code: DEMO.codes.student });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'All fields are required' });
    const empty = await h.api.post('/api/register/').send({});
    expect(empty.body).toEqual({ error: 'All fields are required' });
  });

  it("refuses a field of the wrong type with 'All fields are required', not a crash", async () => {
    const res = await h.api.post('/api/register/').send({ ...registration(), email: 42 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'All fields are required' });
  });

  it('refuses a second sign-up with the same email', async () => {
    const r = registration();
    expect((await h.api.post('/api/register/').send(r)).status).toBe(201);
    const again = await h.api.post('/api/register/').send({ ...r, email: r.email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'A user with this email already exists.' });
    expect(await h.db.getRepository(User).countBy({ email: r.email })).toBe(1);
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await h.api.post('/api/register/').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON.' });
  });
});

describe('login', () => {
  it('gives a working token for the right password (REST)', async () => {
    const res = await h.api.post('/api/login/').send({ email: DEMO.parent, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user_type).toBe(3);
    const me = await currentUser(res.body.token);
    expect(me.email).toBe(DEMO.parent);
  });

  it('accepts the email in any case (GraphQL)', async () => {
    const res = await h.gql(LOGIN, { email: 'ADMIN@Lincoln.example', password: DEMO_PASSWORD });
    expect(res.errors).toBeUndefined();
    expect(res.data!.login.userType).toBe(2);
    const me = await h.gql(CURRENT_USER, {}, res.data!.login.token);
    expect(me.data!.currentUser.email).toBe(DEMO.admin);
  });

  it("refuses a wrong password and an unknown email alike: 401 'Invalid email or password.'", async () => {
    for (const body of [{ email: DEMO.parent, password: 'Wrong#2026' }, { email: uniqueEmail('nobody'), password: DEMO_PASSWORD }]) {
      const res = await h.api.post('/api/login/').send(body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid email or password.' });
      const g = await h.gql(LOGIN, body);
      expect(g.errors![0].message).toBe('Invalid email or password.');
      expect(g.code).toBe('UNAUTHENTICATED');
    }
  });

  it('asks for both fields', async () => {
    const res = await h.api.post('/api/login/').send({ email: DEMO.parent });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Please enter your email and password.' });
  });

  it('refuses the 11th failed sign-in for one email with 429 and Retry-After, even with the right password', async () => {
    const user = await h.buildStudent();
    for (let i = 1; i <= 10; i++) {
      const res = await h.api.post('/api/login/').send({ email: user.email, password: `Wrong#${i}aaaa` });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await h.api.post('/api/login/').send({ email: user.email, password: 'Wrong#11aaaa' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: 'Too many sign-in attempts. Please wait 15 minutes and try again.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    const right = await h.api.post('/api/login/').send({ email: user.email, password: DEMO_PASSWORD });
    expect(right.status).toBe(429);
    const g = await h.gql(LOGIN, { email: user.email, password: DEMO_PASSWORD });
    expect(g.code).toBe('RATE_LIMITED');
    expect(g.errors![0].extensions!.retryAfter).toBeGreaterThan(800);

    // Another account from the same address is not affected.
    expect((await h.api.post('/api/login/').send({ email: DEMO.parent, password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('limits failed sign-ins per address at five times the per-account limit', async () => {
    const api = await h.appWith({ authRateLimit: 2 }); // 10 per address
    const from = (ip: string, email: string) =>
      api.post('/api/login/').set('X-Forwarded-For', ip).send({ email, password: 'Wrong#2026' });
    for (let i = 1; i <= 10; i++) {
      expect((await from('203.0.113.7', uniqueEmail('guess'))).status, `attempt ${i}`).toBe(401);
    }
    const blocked = await from('203.0.113.7', uniqueEmail('guess'));
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address still gets an answer.
    expect((await from('203.0.113.8', uniqueEmail('guess'))).status).toBe(401);
  });
});

describe('current user and tokens', () => {
  it('answers the spec fields in snake_case on REST', async () => {
    const token = await h.login(DEMO.student);
    const student = await h.userByEmail(DEMO.student);
    const lincoln = await h.schoolNamed('Lincoln High School');
    const me = await currentUser(token);
    expect(me).toMatchObject({
      user_id: student.id,
      first_name: 'Sam',
      last_name: 'Lee',
      email: DEMO.student,
      user_type: 1,
      application_status: null,
      grade: '10',
      parent_code: DEMO.studentParentCode,
      academic_year_labels: ['9th Grade', '10th Grade', '11th Grade', '12th Grade'],
      dual_school_enabled: false,
      viewing_as: null,
    });
    expect(me.school).toMatchObject({
      uuid: lincoln.uuid,
      name: 'Lincoln High School',
      school_type: 'HS',
      location: 'CA',
      four_year_plan_enabled: true,
      baseline_plans_enabled: true,
      hs_full_access_enabled: true,
      ccc_apply_enabled: true,
      parent_form_enabled: true,
      dual_school_enabled: false,
    });
    expect(me.school.primary_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(me).not.toHaveProperty('password_hash');
  });

  it('answers the same in camelCase on GraphQL', async () => {
    const token = await h.login(DEMO.student);
    const g = await h.gql(CURRENT_USER, {}, token);
    expect(g.errors).toBeUndefined();
    expect(g.data!.currentUser).toMatchObject({
      firstName: 'Sam',
      lastName: 'Lee',
      userType: 1,
      applicationStatus: null,
      parentCode: DEMO.studentParentCode,
      academicYearLabels: ['9th Grade', '10th Grade', '11th Grade', '12th Grade'],
      dualSchoolEnabled: false,
      viewingAs: null,
      school: { name: 'Lincoln High School', schoolType: 'HS', dualSchoolEnabled: false },
    });
  });

  it('accepts a Bearer header as well as Token', async () => {
    const token = await h.tokenFor(await h.buildStaff());
    const res = await h.api.get('/api/current-user/').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body.user_type).toBe(2);
  });

  it('answers 401 without a token or with a garbage one; GraphQL answers currentUser null', async () => {
    const none = await h.api.get('/api/current-user/');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: NOT_AUTHENTICATED });
    for (const header of ['Token not-a-real-token', 'Token', 'Basic abc', `Token ${'x'.repeat(300)}`]) {
      const res = await h.api.get('/api/current-user/').set('Authorization', header);
      expect(res.status, header).toBe(401);
    }
    expect((await h.gql(CURRENT_USER)).data).toEqual({ currentUser: null });
    const garbage = await h.gql(CURRENT_USER, {}, 'not-a-real-token');
    expect(garbage.errors).toBeUndefined();
    expect(garbage.data).toEqual({ currentUser: null });
  });

  it('revokes the token on POST /api/logout/: it then answers 401 and currentUser null', async () => {
    const token = await h.login(DEMO.admin);
    const other = await h.login(DEMO.admin);
    const res = await h.api.post('/api/logout/').set(h.auth(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Signed out.' });
    const [row] = await h.db.query(`SELECT revoked_at FROM auth_tokens WHERE token_hash = $1`, [sha256(token)]);
    expect(row.revoked_at).not.toBeNull();
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(401);
    expect((await h.gql(CURRENT_USER, {}, token)).data).toEqual({ currentUser: null });
    // Only that session ends.
    expect((await h.api.get('/api/current-user/').set(h.auth(other))).status).toBe(200);
  });

  it('revokes the token with the GraphQL logout mutation', async () => {
    const token = await h.tokenFor(await h.buildStudent());
    const g = await h.gql('mutation { logout }', {}, token);
    expect(g.data).toEqual({ logout: true });
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(401);
    // Signing out without a token is refused.
    expect((await h.api.post('/api/logout/')).status).toBe(401);
    expect((await h.gql('mutation { logout }')).code).toBe('UNAUTHENTICATED');
  });

  it('refuses an expired token', async () => {
    const token = await h.tokenFor(await h.buildStudent());
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(200);
    await h.db.getRepository(AuthToken).update({ tokenHash: sha256(token) }, { expiresAt: new Date(Date.now() - 60_000) });
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(401);
    expect((await h.gql(CURRENT_USER, {}, token)).data).toEqual({ currentUser: null });
  });

  it('refuses a token left idle longer than the idle timeout', async () => {
    const token = await h.tokenFor(await h.buildStudent());
    const idle = new Date(Date.now() - (h.config.tokenIdleMinutes + 1) * 60_000);
    await h.db.getRepository(AuthToken).update({ tokenHash: sha256(token) }, { lastUsedAt: idle });
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(401);
  });

  it('stores only the hash of a token', async () => {
    const res = await h.api.post('/api/login/').send({ email: DEMO.baseline, password: DEMO_PASSWORD });
    const token: string = res.body.token;
    const rows = await h.db.query(`SELECT token_hash, last_four FROM auth_tokens WHERE token_hash = $1`, [sha256(token)]);
    expect(rows).toEqual([{ token_hash: sha256(token), last_four: token.slice(-4) }]);
    expect(await h.db.query(`SELECT 1 FROM auth_tokens WHERE token_hash = $1`, [token])).toEqual([]);
  });
});

describe('password reset', () => {
  it('queues an email with a /reset-password/{uidb64}/{token} link for an existing account', async () => {
    const user = await h.buildParent();
    const { uidb64, body } = await requestResetLink(user.email);
    expect(Buffer.from(uidb64, 'base64url').toString()).toBe(String(user.id));
    expect(body).toContain('Hello Test,');
    const [row] = await h.db.query(`SELECT channel, subject, status FROM outbox_messages WHERE recipient = $1`, [user.email]);
    expect(row).toEqual({ channel: 'email', subject: 'Reset your password', status: 'pending' });
    const resets = await h.db.query(`SELECT used_at FROM password_resets WHERE user_id = $1`, [user.id]);
    expect(resets).toEqual([{ used_at: null }]);
  });

  it('answers an unknown email exactly like a known one and queues nothing', async () => {
    const user = await h.buildParent();
    const known = await h.api.post('/api/request-reset-password/').send({ email: user.email });
    const email = uniqueEmail('nobody');
    const unknown = await h.api.post('/api/request-reset-password/').send({ email });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({ message: 'If an account exists for this email, a password reset link has been sent.' });
    expect(await h.db.query(`SELECT 1 FROM outbox_messages WHERE recipient = $1`, [email])).toEqual([]);

    const g = await h.gql('mutation ($email: String!) { requestPasswordReset(email: $email) }', { email: uniqueEmail('nobody') });
    expect(g.data).toEqual({ requestPasswordReset: true });
  });

  it('asks for an email', async () => {
    const res = await h.api.post('/api/request-reset-password/').send({ email: ' ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Please enter your email address.' });
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const user = await h.buildStudent();
    const oldSession = await h.login(user.email);
    const { uidb64, token } = await requestResetLink(user.email);

    const res = await h.api.post(`/api/reset-password/${uidb64}/${token}/`).send({ password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password reset successfully!' });

    expect((await h.api.get('/api/current-user/').set(h.auth(oldSession))).status).toBe(401);
    const [row] = await h.db.query(`SELECT used_at FROM password_resets WHERE user_id = $1`, [user.id]);
    expect(row.used_at).not.toBeNull();

    const again = await h.api.post(`/api/reset-password/${uidb64}/${token}/`).send({ password: 'Another#2028' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: RESET_LINK_INVALID });

    const oldLogin = await h.api.post('/api/login/').send({ email: user.email, password: DEMO_PASSWORD });
    expect(oldLogin.status).toBe(401);
    const newToken = await h.login(user.email, NEW_PASSWORD);
    expect((await currentUser(newToken)).email).toBe(user.email);
  });

  it('works through GraphQL, once', async () => {
    const user = await h.buildParent();
    const g = await h.gql('mutation ($email: String!) { requestPasswordReset(email: $email) }', { email: user.email });
    expect(g.data).toEqual({ requestPasswordReset: true });
    const [{ body }] = await h.db.query(`SELECT body FROM outbox_messages WHERE recipient = $1`, [user.email]);
    const [, uidb64, token] = /\/reset-password\/([^/\s]+)\/([^/\s]+)/.exec(body)!;

    const RESET = 'mutation ($u: String!, $t: String!, $p: String!) { resetPassword(uidb64: $u, token: $t, password: $p) }';
    const first = await h.gql(RESET, { u: uidb64, t: token, p: NEW_PASSWORD });
    expect(first.data).toEqual({ resetPassword: true });
    const second = await h.gql(RESET, { u: uidb64, t: token, p: NEW_PASSWORD });
    expect(second.code).toBe('BAD_USER_INPUT');
    expect(second.errors![0].message).toBe(RESET_LINK_INVALID);
    await h.login(user.email, NEW_PASSWORD);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const user = await h.buildStudent();
    const { uidb64, token } = await requestResetLink(user.email);
    await h.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [user.id]);
    const res = await h.api.post(`/api/reset-password/${uidb64}/${token}/`).send({ password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: RESET_LINK_INVALID });
    await h.login(user.email, DEMO_PASSWORD);
  });

  it("refuses a link with another user's id or a made-up token", async () => {
    const user = await h.buildStudent();
    const other = await h.buildStudent();
    const { token } = await requestResetLink(user.email);
    const otherUid = Buffer.from(String(other.id)).toString('base64url');
    for (const path of [`${otherUid}/${token}`, `${Buffer.from(String(user.id)).toString('base64url')}/made-up-token`, `!!!/${token}`]) {
      const res = await h.api.post(`/api/reset-password/${path}/`).send({ password: NEW_PASSWORD });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ error: RESET_LINK_INVALID });
    }
    await h.login(other.email, DEMO_PASSWORD);
  });

  it('refuses a new password that breaks the rules, leaving the link usable', async () => {
    const user = await h.buildStudent();
    const { uidb64, token } = await requestResetLink(user.email);
    const weak = await h.api.post(`/api/reset-password/${uidb64}/${token}/`).send({ password: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ error: 'Your password does not meet the requirements.' });
    const empty = await h.api.post(`/api/reset-password/${uidb64}/${token}/`).send({});
    expect(empty.body).toEqual({ error: 'Please enter your new password.' });
    const ok = await h.api.post(`/api/reset-password/${uidb64}/${token}/`).send({ password: NEW_PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('limits reset requests per email', async () => {
    const user = await h.buildParent();
    for (let i = 1; i <= 10; i++) {
      expect((await h.api.post('/api/request-reset-password/').send({ email: user.email })).status, `request ${i}`).toBe(200);
    }
    const blocked = await h.api.post('/api/request-reset-password/').send({ email: user.email });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many password reset attempts. Please wait 15 minutes and try again.');
    const queued = await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1`, [user.email]);
    expect(queued).toEqual([{ n: 10 }]);
  });
});

describe('update-user-labels', () => {
  it('saves the ordered list (REST)', async () => {
    const student = await h.buildStudent();
    const token = await h.tokenFor(student);
    const labels = ['Fall 2025', 'Spring 2026', 'Summer 2026'];
    const res = await h.api.put('/api/update-user-labels/').set(h.auth(token)).send({ academic_year_labels: labels });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ academic_year_labels: labels });
    const saved = await h.db.getRepository(User).findOneByOrFail({ id: student.id });
    expect(saved.academicYearLabels).toEqual(labels);
    expect((await currentUser(token)).academic_year_labels).toEqual(labels);
  });

  it('saves the list through GraphQL', async () => {
    const student = await h.buildStudent();
    const g = await h.gql('mutation ($l: [String!]!) { updateUserLabels(labels: $l) }', { l: ['1st Year', '2nd Year'] }, await h.tokenFor(student));
    expect(g.data).toEqual({ updateUserLabels: ['1st Year', '2nd Year'] });
    expect((await h.db.getRepository(User).findOneByOrFail({ id: student.id })).academicYearLabels).toEqual(['1st Year', '2nd Year']);
  });

  it('rejects empty and duplicate labels and keeps the saved list', async () => {
    const student = await h.buildStudent();
    const token = await h.tokenFor(student);
    const empty = await h.api.put('/api/update-user-labels/').set(h.auth(token)).send({ academic_year_labels: ['9th Grade', ''] });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Every term needs a label.' });
    const dup = await h.api.put('/api/update-user-labels/').set(h.auth(token)).send({ academic_year_labels: ['9th Grade', '9th Grade'] });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ error: 'Term labels must be different from each other.' });
    const missing = await h.api.put('/api/update-user-labels/').set(h.auth(token)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'academic_year_labels must be a list of term labels.' });

    const g = await h.gql('mutation ($l: [String!]!) { updateUserLabels(labels: $l) }', { l: ['A', 'a'] }, token);
    expect(g.code).toBe('BAD_USER_INPUT');
    expect(g.errors![0].message).toBe('Term labels must be different from each other.');

    const saved = await h.db.getRepository(User).findOneByOrFail({ id: student.id });
    expect(saved.academicYearLabels).toEqual(['9th Grade', '10th Grade', '11th Grade', '12th Grade']);
  });

  it('needs a signed-in user', async () => {
    const res = await h.api.put('/api/update-user-labels/').send({ academic_year_labels: ['A'] });
    expect(res.status).toBe(401);
    const g = await h.gql('mutation { updateUserLabels(labels: ["A"]) }');
    expect(g.code).toBe('UNAUTHENTICATED');
  });
});
