/**
 * The rules of text messages (sms-rules.ts) through the calls that queue texts: where a text may
 * go (SMS_COUNTRIES), how many a number and a school get a day, and what a text carries (the
 * school's name and a link, nothing a student typed). A refused text is recorded, never sent, and
 * the request that queued it still succeeds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { reasonText } from '@planner/shared';
import { loadConfig, type Config } from '../../config.js';
import { useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import { consentSchool, studentWithGuardian } from '../consent-forms/consent-forms.factories.js';
import { JobWorker } from '../jobs/job-queue.js';
import { applyRetention, retentionPolicy } from '../jobs/retention.js';
import type { School } from '../schools/school.entity.js';
import { OUTBOX_QUEUE, outboxDeliveryHandler, requeuePendingMessages, type OutgoingMessage } from './delivery.js';

const h = useHarness();

let school: School;
beforeAll(async () => {
  school = await consentSchool(h, { name: 'Texting Rules High' });
});

const NOT_TEXTABLE = 'Not sent: the number is not a mobile number in US (SMS_COUNTRIES).';

interface TextRow {
  id: string;
  recipient: string;
  body: string;
  status: string;
  last_error: string | null;
  jobs: number;
}
/** The texts about a student, with how many delivery jobs each has. */
const textsAbout = (student: User): Promise<TextRow[]> =>
  h.db.query(
    `SELECT m.id, m.recipient, m.body, m.status, m.last_error,
            (SELECT count(*)::int FROM jobs j WHERE j.queue = $2 AND j.payload->>'messageId' = m.id::text) AS jobs
       FROM outbox_messages m WHERE m.channel = 'sms' AND m.user_id = $1 ORDER BY m.created_at`,
    [student.id, OUTBOX_QUEUE],
  );

/** The student signs the consent form (through `api`, an app with other settings, when given); the answer must be 200. */
async function studentSigns(student: User, api = h.api): Promise<void> {
  const res = await api
    .put('/api/parent-consent/')
    .set(h.auth(await h.tokenFor(student)))
    .field('name', 'Signed Name');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.state).toBe('student_signed');
}

const withRules = (rules: Partial<Config['smsRules']>) => h.appWith({ smsRules: { ...h.config.smsRules, ...rules } });

describe('what a text carries', () => {
  it("names the school and carries the link, never the name a self-registered student typed; the linked parent's email names them", async () => {
    for (const [firstName, lastName] of [
      ['Claim your $500 prize at http://evil.example/win', 'now'],
      ['<a href=x>click</a>', '=HYPERLINK("http://evil.example")'],
      ['Ana', 'Ruiz www.evil.example'],
    ]) {
      const student = await studentWithGuardian(h, school, { firstName, lastName });
      const parent = await h.buildParent({ school, students: [student] });
      await studentSigns(student);
      const [text] = await textsAbout(student);
      expect(text.body).toMatch(
        /^Texting Rules High: a parent consent form for dual enrollment is waiting for your signature\. Review and sign it: http:\/\/planner\.test\/parent-sign\/[A-Za-z0-9_-]{43}$/,
      );
      for (const typed of ['evil', 'prize', 'click', 'HYPERLINK', 'Ana', 'Ruiz']) expect(text.body, typed).not.toContain(typed);
      const [email]: { body: string }[] = await h.db.query(`SELECT body FROM outbox_messages WHERE recipient = $1`, [parent.email]);
      expect(email.body).toContain(`${firstName} ${lastName} has signed the parent consent form`);
    }
  });
});

describe('where a text may go', () => {
  it('does not text a guardian phone stored before the rule: the text is failed with the reason, the signature still counts', async () => {
    for (const phone of ['+44 7400 123456', '+882 1234 5678', '+1 900 555 0123', '(800) 555-0123', '(555) 123-4567', '+1 416 555 0123', '12345']) {
      const student = await studentWithGuardian(h, school, { phone });
      const parent = await h.buildParent({ school, students: [student] });
      await studentSigns(student);
      const [text] = await textsAbout(student);
      expect(text, phone).toMatchObject({ recipient: phone, status: 'failed', last_error: NOT_TEXTABLE, jobs: 0 });
      // The linked parent still hears of it by email.
      expect(await h.db.query(`SELECT status FROM outbox_messages WHERE recipient = $1`, [parent.email]), phone).toEqual([{ status: 'pending' }]);
    }
  });

  it('hands the gateway no text queued before the rule to a number SMS_COUNTRIES does not allow, and sends the others in E.164', async () => {
    const sent: OutgoingMessage[] = [];
    const worker = new JobWorker(h.db, { [OUTBOX_QUEUE]: outboxDeliveryHandler(h.db, { sms: { send: async (m) => sent.push(m) } }, 0, ['US']) });
    const student = await h.buildStudent({ school });
    // Rows as an older version queued them: pending, no check.
    const ids: Record<string, string> = {};
    for (const phone of ['+44 7400 123456', '+1 900 555 0123', '+882 1234 5678', '(201) 555-0188']) {
      const [row] = await h.db.query(
        `INSERT INTO outbox_messages (channel, recipient, subject, body, status, school_id, user_id) VALUES ('sms', $1, 's', 'b', 'pending', $2, $3) RETURNING id`,
        [phone, school.id, student.id],
      );
      ids[phone] = row.id;
    }
    await h.db.query(`UPDATE jobs SET run_at = now() + interval '1 day' WHERE status = 'pending' AND queue = $1`, [OUTBOX_QUEUE]);
    await requeuePendingMessages(h.db, ['sms']);
    await h.db.query(`UPDATE jobs SET run_at = now() + interval '1 day' WHERE status = 'pending' AND queue = $1 AND NOT (payload->>'messageId' = ANY($2::text[]))`, [
      OUTBOX_QUEUE,
      Object.values(ids),
    ]);
    for (let i = 0; i < 4; i++) await worker.runOnce();
    const rows = await textsAbout(student);
    expect(rows.map((r) => [r.recipient, r.status, r.last_error])).toEqual([
      ['+44 7400 123456', 'failed', NOT_TEXTABLE],
      ['+1 900 555 0123', 'failed', NOT_TEXTABLE],
      ['+882 1234 5678', 'failed', NOT_TEXTABLE],
      ['(201) 555-0188', 'sent', null],
    ]);
    expect(sent.map((m) => m.to)).toEqual(['+12015550188']);
  });
});

describe('how many texts', () => {
  it('sends a number at most SMS_LIMIT_PER_NUMBER texts a day, however the number is written; the next is failed with the reason', async () => {
    const api = await withRules({ perNumberPerDay: 2 });
    const students = [];
    for (const phone of ['(201) 555-0177', '+1 201-555-0177', '2015550177', '1 201 555 0177', '(201) 555-0178']) {
      const student = await studentWithGuardian(h, school, { phone });
      await studentSigns(student, api);
      students.push(student);
    }
    const texts = await Promise.all(students.map(async (s) => (await textsAbout(s))[0]));
    const limit = reasonText('SMS_NUMBER_LIMIT', { limit: '2' });
    expect(texts.map((t) => [t.status, t.last_error, t.jobs])).toEqual([
      ['pending', null, 1],
      ['pending', null, 1],
      ['failed', limit, 0],
      ['failed', limit, 0],
      // Another number is not held back.
      ['pending', null, 1],
    ]);
    expect(limit).toBe('Not sent: this number already got 2 text messages in the last day (SMS_LIMIT_PER_NUMBER).');
  });

  it("sends a school at most SMS_LIMIT_PER_SCHOOL texts a day; another school's texts go on", async () => {
    const api = await withRules({ perSchoolPerDay: 2 });
    const busy = await consentSchool(h, { name: 'Busy Texting High' });
    const other = await consentSchool(h, { name: 'Quiet Texting High' });
    const statuses = async (s: School, n: number) => {
      const out = [];
      for (let i = 0; i < n; i++) {
        const student = await studentWithGuardian(h, s);
        await studentSigns(student, api);
        const [text] = await textsAbout(student);
        out.push([text.status, text.last_error]);
      }
      return out;
    };
    const limit = 'Not sent: this school already sent 2 text messages in the last day (SMS_LIMIT_PER_SCHOOL).';
    expect(await statuses(busy, 4)).toEqual([
      ['pending', null],
      ['pending', null],
      ['failed', limit],
      ['failed', limit],
    ]);
    expect(await statuses(other, 1)).toEqual([['pending', null]]);
  });

  it('keeps the daily counts through the retention job (their window is a day, not the sign-in window)', async () => {
    const ages = { '+12015550901': 16 * 60, '+12015550902': 23 * 3600, '+12015550903': 25 * 3600 };
    for (const [number, ageSeconds] of Object.entries(ages)) {
      await h.db.query(`INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, now() - make_interval(secs => $2), 5)`, [
        `sms per number:${number}`,
        ageSeconds,
      ]);
    }
    await applyRetention(h.db, retentionPolicy(h.config));
    const left: { key: string }[] = await h.db.query(`SELECT key FROM rate_limit_buckets WHERE key LIKE 'sms per number:+1201555090%' ORDER BY key`);
    expect(left.map((r) => r.key)).toEqual(['sms per number:+12015550901', 'sms per number:+12015550902']);
  });
});

describe('the settings', () => {
  it('read SMS_COUNTRIES as a list of known ISO codes (US by default), and the daily limits', () => {
    const names = ['SMS_COUNTRIES', 'SMS_LIMIT_PER_SCHOOL', 'SMS_LIMIT_PER_NUMBER'] as const;
    const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    try {
      for (const n of names) delete process.env[n];
      expect(loadConfig().smsRules).toEqual({ countries: ['US'], perSchoolPerDay: 500, perNumberPerDay: 5 });
      Object.assign(process.env, { SMS_COUNTRIES: ' us, PR ,us', SMS_LIMIT_PER_SCHOOL: '50', SMS_LIMIT_PER_NUMBER: '2' });
      expect(loadConfig().smsRules).toEqual({ countries: ['US', 'PR'], perSchoolPerDay: 50, perNumberPerDay: 2 });
      for (const bad of ['USA', 'US,XX', ',', 'United States']) {
        process.env.SMS_COUNTRIES = bad;
        expect(() => loadConfig(), bad).toThrow(/^SMS_COUNTRIES must be a comma list of ISO country codes/);
      }
      process.env.SMS_COUNTRIES = 'US';
      process.env.SMS_LIMIT_PER_NUMBER = '-1';
      expect(() => loadConfig()).toThrow('SMS_LIMIT_PER_NUMBER must be a non-negative integer, got "-1"');
    } finally {
      for (const n of names) {
        if (saved[n] === undefined) delete process.env[n];
        else process.env[n] = saved[n];
      }
    }
  });
});
