/** Sign-up, sign-in, sessions, password reset and term labels, through REST and GraphQL. */
import { describe, expect, it } from 'vitest';
import { legacyScryptHash, sha256 } from '../../core/passwords.js';
import { DEMO, DEMO_PASSWORD, uniqueEmail, useHarness } from '../../test/harness.js';
import { AuthToken } from './auth-token.entity.js';
import { User, UserType } from './user.entity.js';

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
  const rows: { body: string }[] = await h.db.query(`SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`, [email.toLowerCase()]);
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
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
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
    expect(res.data!.register.userType).toBe('Student');
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
    expect(parent.data!.register.userType).toBe('Parent');
    const parentMe = await h.gql(CURRENT_USER, {}, parent.data!.register.token);
    expect(parentMe.data!.currentUser.userType).toBe('Parent');
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
    expect(g.data!.register.userType).toBe('Parent');
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
      expect(res.body).toMatchObject({ error: message });

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
    expect(res.body).toMatchObject({ error: 'All fields are required' });
    const empty = await h.api.post('/api/register/').send({});
    expect(empty.body).toMatchObject({ error: 'All fields are required' });
  });

  it("refuses a field of the wrong type with 'All fields are required', not a crash", async () => {
    const res = await h.api.post('/api/register/').send({ ...registration(), email: 42 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'All fields are required' });
  });

  it('refuses a second sign-up with the same email', async () => {
    const r = registration();
    expect((await h.api.post('/api/register/').send(r)).status).toBe(201);
    const again = await h.api.post('/api/register/').send({ ...r, email: r.email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'A user with this email already exists.' });
    expect(await h.db.getRepository(User).countBy({ email: r.email })).toBe(1);
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await h.api.post('/api/register/').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'The request body is not valid JSON.' });
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
    expect(res.data!.login.userType).toBe('Staff');
    const me = await h.gql(CURRENT_USER, {}, res.data!.login.token);
    expect(me.data!.currentUser.email).toBe(DEMO.admin);
  });

  it('sends the user type as the spec number on REST and by its name on GraphQL', async () => {
    const cases = [
      [DEMO.student, 1, 'Student'],
      [DEMO.admin, 2, 'Staff'],
      [DEMO.parent, 3, 'Parent'],
    ] as const;
    for (const [email, number, name] of cases) {
      const rest = await h.api.post('/api/login/').send({ email, password: DEMO_PASSWORD });
      expect(rest.body.user_type).toBe(number);
      const gql = await h.gql(LOGIN, { email, password: DEMO_PASSWORD });
      expect(gql.data!.login.userType).toBe(name);
      // The shared enum names the GraphQL value and carries the REST number.
      expect(UserType[name]).toBe(number);
    }
  });

  it("refuses a wrong password and an unknown email alike: 401 'Invalid email or password.'", async () => {
    for (const body of [
      { email: DEMO.parent, password: 'Wrong#2026' },
      { email: uniqueEmail('nobody'), password: DEMO_PASSWORD },
    ]) {
      const res = await h.api.post('/api/login/').send(body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'Invalid email or password.' });
      const g = await h.gql(LOGIN, body);
      expect(g.errors![0].message).toBe('Invalid email or password.');
      expect(g.code).toBe('UNAUTHENTICATED');
    }
  });

  it('asks for both fields', async () => {
    const res = await h.api.post('/api/login/').send({ email: DEMO.parent });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Please enter your email and password.' });
  });

  it('slows down one address guessing one account: the 11th attempt waits 5 s (429, Retry-After), even with the right password', async () => {
    const user = await h.buildStudent();
    for (let i = 1; i <= 10; i++) {
      const res = await h.api.post('/api/login/').send({ email: user.email, password: `Wrong#${i}aaaa` });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await h.api.post('/api/login/').send({ email: user.email, password: 'Wrong#11aaaa' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: expect.stringMatching(/^Too many sign-in attempts\. Please wait [1-5] seconds? and try again\.$/) });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(5);

    const right = await h.api.post('/api/login/').send({ email: user.email, password: DEMO_PASSWORD });
    expect(right.status).toBe(429);
    const g = await h.gql(LOGIN, { email: user.email, password: DEMO_PASSWORD });
    expect(g.code).toBe('RATE_LIMITED');
    expect(g.errors![0].extensions!.retryAfter).toBeLessThanOrEqual(5);

    // Once the wait is over, one more failure doubles it; the right password then works and clears the count.
    await pastTheWait(user.email);
    expect((await h.api.post('/api/login/').send({ email: user.email, password: 'Wrong#12aaaa' })).status).toBe(401);
    const longer = await h.api.post('/api/login/').send({ email: user.email, password: DEMO_PASSWORD });
    expect(longer.status).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(5);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(10);
    await pastTheWait(user.email);
    expect((await h.api.post('/api/login/').send({ email: user.email, password: DEMO_PASSWORD })).status).toBe(200);
    expect(await h.db.query(`SELECT 1 FROM sign_in_throttles WHERE key LIKE $1`, [`sign-in:${sha256(user.email)}:%`])).toEqual([]);

    // Another account from the same address is not affected.
    expect((await h.api.post('/api/login/').send({ email: DEMO.parent, password: DEMO_PASSWORD })).status).toBe(200);
  });

  it("cannot lock the owner out: a stranger's address fails 50 times, the owner signs in at once from another", async () => {
    const owner = await h.buildStudent();
    const stranger = (password: string) => h.api.post('/api/login/').set('X-Forwarded-For', '203.0.113.66').send({ email: owner.email, password });
    const statuses: number[] = [];
    for (let i = 1; i <= 50; i++) statuses.push((await stranger(`Guess#${i}word`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
    const throttled = await stranger(DEMO_PASSWORD);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(throttled.body.error).toMatch(/^Too many sign-in attempts\. Please wait/);

    const home = await h.api.post('/api/login/').set('X-Forwarded-For', '198.51.100.20').send({ email: owner.email, password: DEMO_PASSWORD });
    expect(home.status).toBe(200);
    expect((await currentUser(home.body.token)).email).toBe(owner.email);
    // The owner's success does not free the stranger's address.
    expect((await stranger(DEMO_PASSWORD)).status).toBe(429);
  });

  it('counts twenty simultaneous guesses before checking them: no more than the free ten are answered 401', async () => {
    const user = await h.buildStudent();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.api
          .post('/api/login/')
          .set('X-Forwarded-For', '203.0.113.67')
          .send({ email: user.email, password: `Burst#${i}word` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('limits failed sign-ins from one address across accounts (AUTH_ADDRESS_RATE_LIMIT)', async () => {
    const api = await h.appWith({ authAddressRateLimit: 10 });
    const from = (ip: string, email: string) => api.post('/api/login/').set('X-Forwarded-For', ip).send({ email, password: 'Wrong#2026' });
    for (let i = 1; i <= 10; i++) {
      expect((await from('203.0.113.7', uniqueEmail('guess'))).status, `attempt ${i}`).toBe(401);
    }
    const blocked = await from('203.0.113.7', uniqueEmail('guess'));
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address still gets an answer.
    expect((await from('203.0.113.8', uniqueEmail('guess'))).status).toBe(401);
  });

  it('keeps a ceiling per account across addresses (AUTH_ACCOUNT_RATE_LIMIT), far above what one address reaches', async () => {
    const api = await h.appWith({ authRateLimit: 3, authAccountRateLimit: 6 });
    const user = await h.buildStudent();
    const from = (ip: string, password = 'Wrong#2026') => api.post('/api/login/').set('X-Forwarded-For', ip).send({ email: user.email, password });
    for (const ip of ['203.0.113.11', '203.0.113.12']) {
      for (let i = 1; i <= 3; i++) expect((await from(ip)).status, `${ip} attempt ${i}`).toBe(401);
    }
    const ceiling = await from('203.0.113.13', DEMO_PASSWORD);
    expect(ceiling.status).toBe(429);
    expect(Number(ceiling.headers['retry-after'])).toBeGreaterThan(800);
    // The default ceiling is far above the ~20 failures one address can make in a window while delayed.
    expect(h.config.authAccountRateLimit).toBeGreaterThanOrEqual(100);
  });

  it('answers an absurdly long email or password with 401, not a crash', async () => {
    const res = await h.api.post('/api/login/').send({ email: `${'a'.repeat(20_000)}@test.example`, password: 'b'.repeat(100_000) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Invalid email or password.' });
  });

  it('replaces a legacy scrypt hash with argon2id at the next successful sign-in, and signing in still works', async () => {
    const user = await h.buildStudent();
    const legacy = await legacyScryptHash(DEMO_PASSWORD);
    await h.db.getRepository(User).update({ id: user.id }, { passwordHash: legacy });

    expect((await h.api.post('/api/login/').send({ email: user.email, password: 'Wrong#Guess2026' })).status).toBe(401);
    expect((await h.db.getRepository(User).findOneByOrFail({ id: user.id })).passwordHash).toBe(legacy);

    await h.login(user.email);
    const stored = (await h.db.getRepository(User).findOneByOrFail({ id: user.id })).passwordHash;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain(DEMO_PASSWORD);

    const again = await h.login(user.email);
    expect((await currentUser(again)).email).toBe(user.email);
    expect((await h.api.post('/api/login/').send({ email: user.email, password: 'Wrong#Guess2026' })).status).toBe(401);
    expect((await h.db.getRepository(User).findOneByOrFail({ id: user.id })).passwordHash).toBe(stored);
  });
});

/** Moves the failures of `email` back in time, past any wait, as if the caller had waited. */
async function pastTheWait(email: string): Promise<void> {
  await h.db.query(`UPDATE sign_in_throttles SET last_failure_at = last_failure_at - interval '1 minute' WHERE key LIKE $1`, [`sign-in:${sha256(email)}:%`]);
}

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
      userType: 'Student',
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
    expect(none.body).toMatchObject({ error: NOT_AUTHENTICATED });
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
    expect(res.body).toMatchObject({ error: 'Please enter your email address.' });
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
    expect(again.body).toMatchObject({ error: RESET_LINK_INVALID });

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
    expect(res.body).toMatchObject({ error: RESET_LINK_INVALID });
    await h.login(user.email, DEMO_PASSWORD);
  });

  it("refuses a link with another user's id or a made-up token", async () => {
    const user = await h.buildStudent();
    const other = await h.buildStudent();
    const { token } = await requestResetLink(user.email);
    const otherUid = Buffer.from(String(other.id)).toString('base64url');
    // Ids no integer column holds (past 2147483647, zero, negative, fractional) are refused the same way, never looked up.
    const outOfRange = ['2147483648', '0', '-1', '1.5'].map((id) => `${Buffer.from(id).toString('base64url')}/${token}`);
    for (const path of [`${otherUid}/${token}`, `${Buffer.from(String(user.id)).toString('base64url')}/made-up-token`, `!!!/${token}`, ...outOfRange]) {
      const res = await h.api.post(`/api/reset-password/${path}/`).send({ password: NEW_PASSWORD });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ error: RESET_LINK_INVALID });
    }
    await h.login(other.email, DEMO_PASSWORD);
  });

  it('refuses a new password that breaks the rules, leaving the link usable', async () => {
    const user = await h.buildStudent();
    const { uidb64, token } = await requestResetLink(user.email);
    const weak = await h.api.post(`/api/reset-password/${uidb64}/${token}/`).send({ password: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: 'Your password does not meet the requirements.' });
    const empty = await h.api.post(`/api/reset-password/${uidb64}/${token}/`).send({});
    expect(empty.body).toMatchObject({ error: 'Please enter your new password.' });
    const ok = await h.api.post(`/api/reset-password/${uidb64}/${token}/`).send({ password: NEW_PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('ends every other link of the account: request two, reset with the second, the first is refused', async () => {
    const user = await h.buildStudent();
    const first = await requestResetLink(user.email);
    const second = await requestResetLink(user.email);
    expect(first.token).not.toBe(second.token);

    expect((await h.api.post(`/api/reset-password/${second.uidb64}/${second.token}/`).send({ password: NEW_PASSWORD })).status).toBe(200);
    const stale = await h.api.post(`/api/reset-password/${first.uidb64}/${first.token}/`).send({ password: 'Another#2028x' });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ error: RESET_LINK_INVALID });
    // The password is the one set with the second link.
    expect((await h.api.post('/api/login/').send({ email: user.email, password: 'Another#2028x' })).status).toBe(401);
    await h.login(user.email, NEW_PASSWORD);
    expect(await h.db.query(`SELECT 1 FROM password_resets WHERE user_id = $1 AND used_at IS NULL`, [user.id])).toEqual([]);
  });

  it('ends an outstanding set-password link (roster welcome email) and view-as tokens acting for the account', async () => {
    const school = await h.buildSchool();
    const counselor = await h.buildStaff({ school });
    const student = await h.buildStudent({ school });
    const counselorSession = await h.tokenFor(counselor);
    const view = await h.api.post('/api/view-as-student/').set(h.auth(counselorSession)).send({ studentId: student.id });
    expect(view.status).toBe(200);
    await h.db.transaction((m) => h.services.accounts.enqueueSetPasswordLink(counselor, school, m));
    const [{ body }] = await h.db.query(`SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`, [counselor.email]);
    const [, welcomeUid, welcomeToken] = /\/reset-password\/([^/\s]+)\/([^/\s]+)/.exec(body)!;

    const reset = await requestResetLink(counselor.email);
    expect((await h.api.post(`/api/reset-password/${reset.uidb64}/${reset.token}/`).send({ password: NEW_PASSWORD })).status).toBe(200);

    const welcome = await h.api.post(`/api/reset-password/${welcomeUid}/${welcomeToken}/`).send({ password: 'Another#2028x' });
    expect(welcome.status).toBe(400);
    expect(welcome.body).toMatchObject({ error: RESET_LINK_INVALID });
    expect((await h.api.get('/api/current-user/').set(h.auth(counselorSession))).status).toBe(401);
    expect((await h.api.get('/api/current-user/').set(h.auth(view.body.token))).status).toBe(401);
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

describe('change password', () => {
  const CHANGE = 'mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }';
  const change = (token: string, body: object) => h.api.post('/api/change-password/').set(h.auth(token)).send(body);

  it('ends every other session and reset link of the account; the session making the change keeps working', async () => {
    const school = await h.buildSchool();
    const user = await h.buildStaff({ school });
    const here = await h.login(user.email);
    const elsewhere = await h.login(user.email);
    const view = (
      await h.api
        .post('/api/view-as-student/')
        .set(h.auth(elsewhere))
        .send({ studentId: (await h.buildStudent({ school })).id })
    ).body.token;
    const link = await requestResetLink(user.email);

    const res = await change(here, { current_password: DEMO_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed. Other sessions were signed out.' });

    expect((await h.api.get('/api/current-user/').set(h.auth(elsewhere))).status).toBe(401);
    expect((await h.api.get('/api/current-user/').set(h.auth(view))).status).toBe(401);
    expect((await currentUser(here)).email).toBe(user.email);
    const stale = await h.api.post(`/api/reset-password/${link.uidb64}/${link.token}/`).send({ password: 'Another#2028x' });
    expect(stale.body).toMatchObject({ error: RESET_LINK_INVALID });
    expect((await h.api.post('/api/login/').send({ email: user.email, password: DEMO_PASSWORD })).status).toBe(401);
    await h.login(user.email, NEW_PASSWORD);
  });

  it('works through GraphQL', async () => {
    const user = await h.buildParent();
    const here = await h.login(user.email);
    const other = await h.login(user.email);
    const g = await h.gql(CHANGE, { c: DEMO_PASSWORD, n: NEW_PASSWORD }, here);
    expect(g.errors).toBeUndefined();
    expect(g.data).toEqual({ changePassword: true });
    expect((await h.gql(CURRENT_USER, {}, other)).data).toEqual({ currentUser: null });
    expect((await h.gql(CURRENT_USER, {}, here)).data!.currentUser.email).toBe(user.email);
    await h.login(user.email, NEW_PASSWORD);
  });

  it('refuses a wrong current password, a missing field and a weak new password, changing nothing', async () => {
    const user = await h.buildStudent();
    const token = await h.login(user.email);
    const other = await h.login(user.email);
    const before = (await h.db.getRepository(User).findOneByOrFail({ id: user.id })).passwordHash;
    const cases: [object, string][] = [
      [{ current_password: 'Wrong#Pass2026', new_password: NEW_PASSWORD }, 'Your current password is not correct.'],
      [{ current_password: DEMO_PASSWORD }, 'Please enter your new password.'],
      [{ new_password: NEW_PASSWORD }, 'Please enter your new password.'],
      [{ current_password: DEMO_PASSWORD, new_password: ['x'] }, 'Please enter your new password.'],
      [{ current_password: DEMO_PASSWORD, new_password: 'weakpass' }, 'Your password does not meet the requirements.'],
      [{ current_password: DEMO_PASSWORD, new_password: 'Bad\u0000Pass#2027' }, expect.any(String) as unknown as string],
    ];
    for (const [body, message] of cases) {
      const res = await change(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: message });
    }
    expect((await h.db.getRepository(User).findOneByOrFail({ id: user.id })).passwordHash).toBe(before);
    expect((await h.api.get('/api/current-user/').set(h.auth(other))).status).toBe(200);
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins: a stolen session cannot guess on', async () => {
    const user = await h.buildStudent();
    const token = await h.login(user.email);
    for (let i = 1; i <= 10; i++) {
      expect((await change(token, { current_password: `Guess#${i}word`, new_password: NEW_PASSWORD })).status, `guess ${i}`).toBe(400);
    }
    const blocked = await change(token, { current_password: DEMO_PASSWORD, new_password: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await h.db.getRepository(User).findOneByOrFail({ id: user.id })).passwordHash).not.toContain('m=0');
    await h.clearRateLimits();
    await h.login(user.email, DEMO_PASSWORD);
  });

  it("refuses a staff member's view-as token (403) and a missing token (401): the student's password stays", async () => {
    const school = await h.buildSchool();
    const student = await h.buildStudent({ school });
    const staff = await h.tokenFor(await h.buildStaff({ school }));
    const view = (await h.api.post('/api/view-as-student/').set(h.auth(staff)).send({ studentId: student.id })).body.token;
    const asView = await change(view, { current_password: DEMO_PASSWORD, new_password: NEW_PASSWORD });
    expect(asView.status).toBe(403);
    expect(asView.body).toMatchObject({ error: 'Sign in as yourself to change your password.' });
    expect((await h.api.post('/api/change-password/').send({ current_password: DEMO_PASSWORD, new_password: NEW_PASSWORD })).status).toBe(401);
    expect((await h.gql(CHANGE, { c: DEMO_PASSWORD, n: NEW_PASSWORD })).code).toBe('UNAUTHENTICATED');
    await h.login(student.email, DEMO_PASSWORD);
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
    const empty = await h.api
      .put('/api/update-user-labels/')
      .set(h.auth(token))
      .send({ academic_year_labels: ['9th Grade', ''] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'Every term needs a label.' });
    const dup = await h.api
      .put('/api/update-user-labels/')
      .set(h.auth(token))
      .send({ academic_year_labels: ['9th Grade', '9th Grade'] });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ error: 'Term labels must be different from each other.' });
    const missing = await h.api.put('/api/update-user-labels/').set(h.auth(token)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'academic_year_labels must be a list of term labels.' });

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
