/**
 * Every email and text the server sends, read from the outbox after the real flow ran: written in
 * the recipient's language (their account's; a guardian reached by phone, the student's), English
 * exactly as before for everyone else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.js';
import type { Locale, User } from '../modules/accounts/user.entity.js';
import type { School } from '../modules/schools/school.entity.js';
import { proposedSchoolYear, schoolYearStartOf } from '../modules/payments/pricing.js';
import { buildApplicant, buildDualSchool, completeRecords, SAMPLE_FILES } from '../modules/admissions/admissions.factories.js';
import { consentSchool, studentWithGuardian } from '../modules/consent-forms/consent-forms.factories.js';

const h = useHarness();

interface Sent {
  channel: string;
  subject: string;
  body: string;
}
const sentTo = (recipient: string): Promise<Sent[]> => h.db.query(`SELECT channel, subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id`, [recipient]);

/** The person chooses their language in the interface (PUT /api/locale/). */
async function speaks(user: User, locale: Locale): Promise<void> {
  const res = await h.api
    .put('/api/locale/')
    .set(h.auth(await h.tokenFor(user)))
    .send({ locale });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
/** Vietnamese and Chinese are not offered by the language switch yet: the account is set directly. */
async function storedLocale(user: User, locale: 'vi' | 'zh'): Promise<void> {
  await h.db.query(`UPDATE users SET locale = $2 WHERE id = $1`, [user.id, locale]);
}

describe('password reset email', () => {
  const requestReset = async (email: string) => {
    expect((await h.api.post('/api/request-reset-password/').send({ email })).status).toBe(200);
    const mail = await sentTo(email);
    expect(mail).toHaveLength(1);
    return mail[0];
  };
  const linkIn = (body: string) => /http:\/\/planner\.test\/reset-password\/([^/\s]+)\/([^/\s]+)/.exec(body)!;

  it('is written in English, word for word as before, for an English-speaking account', async () => {
    const user = await h.buildParent({ firstName: 'Ada' });
    const mail = await requestReset(user.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.body).toBe(
      `Hello Ada,\n\nSomeone asked to reset the password of your account. To choose a new one, open this link within 60 minutes:\n\n${linkIn(mail.body)[0]}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    );
  });

  it('is written in Spanish for a Spanish-speaking account, and its link works', async () => {
    const user = await h.buildParent({ firstName: 'Lucía' });
    await speaks(user, 'es');
    const mail = await requestReset(user.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Restablezca su contraseña' });
    expect(mail.body).toContain('Hola, Lucía:');
    expect(mail.body).toContain('Para elegir una nueva, abra este enlace en los próximos 60 minutos:');
    expect(mail.body).toContain('Si no fue usted, no haga caso a este correo electrónico');
    expect(mail.body).not.toContain('Hello');
    const [, uid, token] = linkIn(mail.body);
    expect((await h.api.post(`/api/reset-password/${uid}/${token}/`).send({ password: 'Nuevo#Clave2027' })).status).toBe(200);
  });

  it('is written in Vietnamese and in Simplified Chinese for accounts in those languages', async () => {
    const vi = await h.buildParent({ firstName: 'Lan' });
    await storedLocale(vi, 'vi');
    const viMail = await requestReset(vi.email);
    expect(viMail.subject).toBe('Đặt lại mật khẩu của quý vị');
    expect(viMail.body).toContain('Xin chào Lan,');
    expect(viMail.body).toContain('trong vòng 60 phút:');

    const zh = await h.buildParent({ firstName: 'Wei' });
    await storedLocale(zh, 'zh');
    const zhMail = await requestReset(zh.email);
    expect(zhMail.subject).toBe('重设您的密码');
    expect(zhMail.body).toContain('Wei，您好：');
    expect(zhMail.body).toContain('请在 60 分钟内打开以下链接');
    expect(linkIn(zhMail.body)).not.toBeNull();
  });
});

describe('set-password welcome email', () => {
  let school: School;
  beforeAll(async () => {
    school = await h.buildSchool({ name: 'Roosevelt High' });
  });

  it('one account: in Spanish for a Spanish-speaking account', async () => {
    const user = await h.buildStudent({ school, firstName: 'Mateo' });
    await speaks(user, 'es');
    await h.db.transaction((m) => h.services.accounts.enqueueSetPasswordLink(user, school, m));
    const [mail] = await sentTo(user.email);
    expect(mail.subject).toBe('Elija su contraseña de Pathway Planner');
    expect(mail.body).toContain('Hola, Mateo:');
    expect(mail.body).toContain('Roosevelt High creó su cuenta de Pathway Planner');
    expect(mail.body).toContain('abra este enlace en los próximos 7 días:');
    expect(mail.body).toMatch(/http:\/\/planner\.test\/reset-password\/\S+\/\S+/);
  });

  it('a batch: each account in its own language, English as before', async () => {
    const [es, zh, vi, en] = await Promise.all(['Sofía', 'Min', 'Hoa', 'Ann'].map((firstName) => h.buildStudent({ school, firstName })));
    await speaks(es, 'es');
    await storedLocale(zh, 'zh');
    await storedLocale(vi, 'vi');
    await h.db.transaction((m) =>
      h.services.accounts.enqueueSetPasswordLinks(
        [es, zh, vi, en].map((user) => ({ user, school })),
        m,
      ),
    );
    const [esMail] = await sentTo(es.email);
    expect(esMail.subject).toBe('Elija su contraseña de Pathway Planner');
    const [zhMail] = await sentTo(zh.email);
    expect(zhMail.subject).toBe('设置您的 Pathway Planner 密码');
    expect(zhMail.body).toContain('Roosevelt High 已为您创建 Pathway Planner 账户');
    expect(zhMail.body).toContain('请在 7 天内打开以下链接');
    const [viMail] = await sentTo(vi.email);
    expect(viMail.subject).toBe('Đặt mật khẩu cho Pathway Planner');
    expect(viMail.body).toContain('trong vòng 7 ngày:');
    const [enMail] = await sentTo(en.email);
    const link = /http:\/\/planner\.test\/reset-password\/\S+/.exec(enMail.body)![0];
    expect(enMail).toEqual({
      channel: 'email',
      subject: 'Set your password for Pathway Planner',
      body: `Hello Ann,\n\nRoosevelt High created your Pathway Planner account for planning your courses. To choose your password, open this link within 7 days:\n\n${link}\n\nThen sign in with this email address.`,
    });
  });
});

describe('consent-signing link', () => {
  let school: School;
  beforeAll(async () => {
    school = await consentSchool(h, { name: 'Escuela Consent' });
  });
  const studentSigns = async (student: User) => {
    const res = await h.api
      .put('/api/parent-consent/')
      .set(h.auth(await h.tokenFor(student)))
      .field('name', `${student.firstName} ${student.lastName}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it("texts a guardian who has no account in the student's language (Spanish)", async () => {
    const student = await studentWithGuardian(h, school, { firstName: 'Ana', lastName: 'Ruiz' });
    await speaks(student, 'es');
    await studentSigns(student);
    const [sms] = await sentTo(student.guardianPhone!);
    expect(sms.channel).toBe('sms');
    expect(sms.subject).toBe('Formulario de consentimiento de los padres');
    expect(sms.body).toMatch(
      /^Escuela Consent: un formulario de consentimiento de los padres para la inscripción doble espera su firma\. Revíselo y fírmelo aquí: http:\/\/planner\.test\/parent-sign\/[A-Za-z0-9_-]{43}$/,
    );
  });

  it("emails each linked parent in the parent's own language, the text in the student's", async () => {
    const student = await studentWithGuardian(h, school, { firstName: 'Tom', lastName: 'Nguyen' });
    const viParent = await h.buildParent({ school, students: [student] });
    const esParent = await h.buildParent({ school, students: [student] });
    const zhParent = await h.buildParent({ school, students: [student] });
    await storedLocale(viParent, 'vi');
    await speaks(esParent, 'es');
    await storedLocale(zhParent, 'zh');
    await studentSigns(student);
    const [sms] = await sentTo(student.guardianPhone!);
    expect(sms.subject).toBe('Parent consent form');
    // The text names the school, not the student (outbox/sms-rules.ts); the emails to parent accounts name the student.
    expect(sms.body).toMatch(
      /^Escuela Consent: a parent consent form for dual enrollment is waiting for your signature\. Review and sign it: http:\/\/planner\.test\/parent-sign\/\S+$/,
    );
    const link = /http:\/\/planner\.test\/parent-sign\/\S+$/.exec(sms.body)![0];
    expect(await sentTo(viParent.email)).toEqual([
      {
        channel: 'email',
        subject: 'Đơn đồng ý của phụ huynh',
        body: `Tom Nguyen đã ký đơn đồng ý của phụ huynh để tham gia chương trình ghi danh kép (dual enrollment) tại Escuela Consent. Xin quý vị xem lại và ký đơn tại đây: ${link}`,
      },
    ]);
    const [esMail] = await sentTo(esParent.email);
    expect(esMail.subject).toBe('Formulario de consentimiento de los padres');
    expect(esMail.body).toContain(`Revíselo y fírmelo aquí: ${link}`);
    const [zhMail] = await sentTo(zhParent.email);
    expect(zhMail.subject).toBe('家长同意书');
    expect(zhMail.body).toBe(`Tom Nguyen 已签署在 Escuela Consent 参加双学分课程（dual enrollment）的家长同意书。请查看并签名：${link}`);
  });
});

describe('admissions decision email', () => {
  let dual: School;
  let staffToken: string;
  beforeAll(async () => {
    dual = await buildDualSchool(h, { name: 'Dual Prep' });
    staffToken = await h.tokenFor(await h.buildStaff({ school: dual }));
  });

  /** A parent who applied (complete), in `locale`. */
  async function applied(locale: 'en' | 'es' | 'zh') {
    const parent = await buildApplicant(h, dual, { firstName: 'Rosa', lastName: 'Díaz' });
    if (locale === 'zh') await storedLocale(parent, 'zh');
    else await speaks(parent, locale);
    const token = await h.tokenFor(parent);
    expect((await h.api.post('/api/application/').set(h.auth(token)).attach('file', SAMPLE_FILES.pdf, 'grades.pdf')).status).toBe(201);
    const saved = await h.api
      .patch('/api/application/')
      .set(h.auth(token))
      .send({ form_data: completeRecords({ studentFullName: 'Leo Díaz' }), application_status: 'complete' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [{ id }] = await h.db.query(`SELECT id FROM applications WHERE parent_id = $1`, [parent.id]);
    return { parent, id: id as number };
  }
  const decide = async (id: number, decision: 'accepted' | 'declined', reason: string) => {
    const res = await h.api.post(`/api/applications/${id}/decision/`).set(h.auth(staffToken)).send({ decision, reason });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('acceptance in Spanish, with the note of the admissions team', async () => {
    const { parent, id } = await applied('es');
    await decide(id, 'accepted', 'Bienvenidos.');
    expect(await sentTo(parent.email)).toEqual([
      {
        channel: 'email',
        subject: 'Su solicitud a Dual Prep fue aceptada',
        body: [
          'Estimado/a Rosa Díaz:',
          '',
          `¡Felicitaciones! La solicitud de Leo Díaz fue aceptada en Dual Prep para el año escolar ${proposedSchoolYear(schoolYearStartOf(new Date().toISOString().slice(0, 10))).label}.`,
          '',
          'Siguiente paso: firme el contrato de inscripción. Inicie sesión y abra Solicitudes, o vaya a http://planner.test/enrollment-contract.',
          '',
          'Nota del equipo de admisiones: Bienvenidos.',
          '',
          'Admisiones de Dual Prep',
        ].join('\n'),
      },
    ]);
  });

  it('a declined application in Spanish, with the reason', async () => {
    const { parent, id } = await applied('es');
    await decide(id, 'declined', 'No quedan lugares en 9.º grado.');
    const [mail] = await sentTo(parent.email);
    expect(mail.subject).toBe('Novedades sobre su solicitud a Dual Prep');
    expect(mail.body).toContain('en este momento no podemos ofrecerle un lugar a Leo Díaz.');
    expect(mail.body).toContain('Motivo: No quedan lugares en 9.º grado.');
    expect(mail.body.endsWith('Admisiones de Dual Prep')).toBe(true);
  });

  it('acceptance in Simplified Chinese', async () => {
    const { parent, id } = await applied('zh');
    await decide(id, 'accepted', '');
    const [mail] = await sentTo(parent.email);
    expect(mail.subject).toBe('您向 Dual Prep 提交的申请已被录取');
    expect(mail.body.split('\n')[0]).toBe('尊敬的 Rosa Díaz：');
    expect(mail.body).toContain('恭喜！Leo Díaz 的申请已被 Dual Prep 录取');
    expect(mail.body).toContain('或打开以下链接：http://planner.test/enrollment-contract');
    expect(mail.body).not.toContain('招生团队备注');
  });

  it('in English exactly as before', async () => {
    const { parent, id } = await applied('en');
    await decide(id, 'declined', 'No seats left.');
    expect(await sentTo(parent.email)).toEqual([
      {
        channel: 'email',
        subject: 'An update on your Dual Prep application',
        body: [
          'Dear Rosa Díaz,',
          '',
          'Thank you for applying to Dual Prep. After review, we are unable to offer Leo Díaz a place at this time.',
          '',
          'Reason: No seats left.',
          '',
          'If you have questions, reply to this email or contact the admissions team.',
          '',
          'Dual Prep Admissions',
        ].join('\n'),
      },
    ]);
  });
});

describe('an account in Vietnamese', () => {
  it('gets its screens in Vietnamese too: one setting for the screens and the emails', async () => {
    const user = await h.buildParent();
    await storedLocale(user, 'vi');
    const me = await h.api.get('/api/current-user/').set(h.auth(await h.tokenFor(user)));
    expect(me.status).toBe(200);
    expect(me.body.locale).toBe('vi');
    const gql = await h.gql<{ currentUser: { locale: string } }>('{ currentUser { locale } }', {}, await h.tokenFor(user));
    expect(gql.data?.currentUser.locale).toBe('vi');
  });

  it('is refused by the database when it is no language of ours', async () => {
    const user = await h.buildParent();
    await expect(h.db.query(`UPDATE users SET locale = 'fr' WHERE id = $1`, [user.id])).rejects.toThrow(/users_locale_check/);
  });
});
