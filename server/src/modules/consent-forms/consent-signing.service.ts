/**
 * Signing a parent consent form (spec 3 §3-§4, §7): the student's signature, which sends the
 * parent the link, and the parent's, which completes the form. Called by ConsentFormsService once
 * it knows who signs (consent-forms.service.ts holds the permission checks and the views); the
 * evidence each signature leaves is written by consent-evidence.ts.
 *
 * State machine (enforced here, each transition one transaction with the row locked):
 *   admin_signed   --student signs-->  student_signed  (the parent is texted a link code)
 *   student_signed --parent signs -->  both_signed     (the link code expires)
 *   parent_signed  --student signs-->  both_signed     (parent_signed is in the spec's list but no
 *                                                        flow of ours produces it: the parent's link
 *                                                        exists only once the student has signed)
 * The student may not sign at student_signed or both_signed; the parent may not sign at
 * parent_signed or both_signed, nor before the student (409 with the spec's message).
 *
 * Signing (this issue overrides spec 3 §7's "the signed PDF is produced in the browser"): the
 * signer sends the typed name and, if drawn, the strokes (consent-signature.ts); the server draws
 * them onto the template and appends the audit trail page (consent-pdf.ts). A whole PDF sent to a
 * signing route is refused: it would be evidence of nothing.
 *
 * The parent's link: the text message goes to the guardian phone given in student information, in
 * the student's language (the guardian has no account saying theirs); each parent account's email in its own.
 * The text names the school and carries the link, never the student's name: the student typed the
 * phone, and may have typed their name too (outbox/sms-rules.ts); the email to a linked parent names them.
 * When there is no phone, no message is recorded (there is no one to send it to); the form still
 * moves to student_signed and staff see 'Needs Parent Signature' in the students list. Each linked
 * parent account is emailed the same link (a phone typed wrong, or the student's own, does not go
 * unnoticed).
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { badInput, conflict, notFound, because } from '../../core/errors.js';
import type { ConsentState } from '@planner/shared/consent-form';
import { UserType, type User } from '../accounts/user.entity.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { message } from '../../messages/messages.js';
import type { School } from '../schools/school.entity.js';
import { readTrail, recordSignature } from './consent-evidence.js';
import { CONSENT_MESSAGES, FORM_COLUMNS, hashCode, newParentCode, PARENT_CODE, type FormRow } from './consent-form-row.js';
import { composeSignedPdf, isUnchanged } from './consent-pdf.js';
import { parseSignature, SIGNATURE_MESSAGES } from './consent-signature.js';
import type { ConsentTemplatesService } from './consent-templates.service.js';

/** A signing request: the signature fields, a whole PDF when one was attached (refused), the browser it came from. */
export interface SigningBody {
  fields: Record<string, unknown>;
  pdf?: Buffer;
  userAgent: string;
}

/** The student's row as it is when the link is sent (read inside the signing transaction). */
interface StudentNow {
  guardian_phone: string | null;
  guardian_phone_set_at: Date | null;
  dob: string | null;
  grade: string | null;
  email: string;
  /** The student's language: a guardian reached by phone has no account of their own to say theirs. */
  locale: string;
}

export class ConsentSigningService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly outbox: OutboxService,
    private readonly templates: ConsentTemplatesService,
  ) {}

  /**
   * The student signs: the server composes the signed PDF from the template, the student's
   * information and the signature sent (typed name, drawn strokes), records the signature, and
   * sends the parent the link. Returns the form as it now is.
   */
  async signAsStudent(ctx: RequestContext, student: User, school: School, body: SigningBody): Promise<FormRow> {
    await this.templates.ensureDefault();
    if (body.pdf) await this.refuseWholePdf(body.pdf, await this.templates.pdfForSchool(school.id));
    const signature = parseSignature(body.fields, 'student');
    const now = new Date();
    return this.db.transaction(async (m) => {
      await m.query(`INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2) ON CONFLICT (student_id) DO NOTHING`, [student.id, school.id]);
      const [form]: FormRow[] = await m.query(`SELECT ${FORM_COLUMNS} FROM consent_forms WHERE student_id = $1 FOR UPDATE`, [student.id]);
      if (form.state === 'student_signed' || form.state === 'both_signed') throw conflict(because(CONSENT_MESSAGES.alreadySigned));
      const template = await this.templates.effective(form.school_id, m);
      const next: ConsentState = form.state === 'parent_signed' ? 'both_signed' : 'student_signed';
      const code = next === 'student_signed' ? newParentCode() : null;
      await recordSignature(m, ctx, body.userAgent, form.id, 'student', signature, now);
      // Fresh from the row: the phone and when it was entered, as they are when the link is sent.
      const [me]: StudentNow[] = await m.query(`SELECT guardian_phone, guardian_phone_set_at, dob, grade, email, locale FROM users WHERE id = $1`, [student.id]);
      if (code) await this.sendParentLink(m, { form, student, me, school, code, now });
      // The form is drawn in the student's language (the default letter's headings and labels; a school's own PDF as uploaded).
      const templatePdf = await this.templates.pdfForReader(form.school_id, me.locale, m);
      const pdf = await composeSignedPdf({
        base: templatePdf,
        contentPages: template.pageCount,
        config: template.fieldConfig,
        role: 'student',
        signature,
        prefill: { firstName: student.firstName, lastName: student.lastName, email: me.email, dob: me.dob, grade: me.grade, school: { name: school.name } },
        now,
        trail: await readTrail(m, form.id),
      });
      await m.query(
        `UPDATE consent_forms SET signed_pdf = $2, page_count = $3, field_config = $4, state = $5,
                student_signed_at = $7, parent_code_hash = $6, updated_at = now() WHERE id = $1`,
        [form.id, pdf, template.pageCount, JSON.stringify(template.fieldConfig), next, code ? hashCode(code) : null, now],
      );
      return { ...form, state: next, field_config: template.fieldConfig, page_count: template.pageCount };
    });
  }

  /**
   * The parent's link: a text to the guardian phone and an email to each linked parent, and on the
   * form where it went (the phone, when that phone was entered, who was emailed) for the trail.
   */
  private async sendParentLink(
    m: EntityManager,
    { form, student, me, school, code, now }: { form: FormRow; student: User; me: StudentNow; school: School; code: string; now: Date },
  ): Promise<void> {
    const phone = me.guardian_phone?.trim() || null;
    const link = `${this.config.publicUrl}/parent-sign/${code}`;
    const values = { studentName: `${student.firstName} ${student.lastName}`, schoolName: school.name, link };
    const subject = (locale: string) => message(locale, 'consent.parentLink.subject');
    const body = (locale: string) => message(locale, 'consent.parentLink.body', values);
    // The form's school and the student it is about: never whoever else gives this phone.
    const about = { schoolId: form.school_id, userId: student.id };
    // The phone has no account behind it: the text is in the student's language, with nothing the student typed.
    const text = message(me.locale, 'sms.consentLink.body', { schoolName: school.name, link });
    if (phone) await this.outbox.enqueue('sms', phone, subject(me.locale), text, about, m);
    // Each linked parent account hears of it too, in its own language, so a link texted to a wrong phone does not go unnoticed.
    const parents: { id: number; email: string; locale: string }[] = await m.query(
      `SELECT u.id, u.email, u.locale FROM parent_student_links l JOIN users u ON u.id = l.parent_id
        WHERE l.student_id = $1 AND u.user_type = $2 AND u.email <> '' ORDER BY u.id`,
      [student.id, UserType.Parent],
    );
    for (const p of parents) await this.outbox.enqueue('email', p.email, subject(p.locale), body(p.locale), about, m);
    await m.query(`UPDATE consent_forms SET parent_phone = $2, parent_phone_set_at = $3, parent_request_sent_at = $4, notified_parent_ids = $5 WHERE id = $1`, [
      form.id,
      phone,
      phone ? me.guardian_phone_set_at : null,
      now,
      parents.map((p) => p.id),
    ]);
  }

  /** The parent signs through the link: the signature is composed onto the form; it completes, the code stops working. */
  async signAsParent(ctx: RequestContext, code: string, body: SigningBody): Promise<{ state: ConsentState }> {
    if (!PARENT_CODE.test(code)) throw notFound();
    const now = new Date();
    return this.db.transaction(async (m) => {
      const [form]: (FormRow & { signed_pdf: Buffer | null })[] = await m.query(
        `SELECT id, school_id, state, page_count, field_config, signed_pdf FROM consent_forms WHERE parent_code_hash = $1 FOR UPDATE`,
        [hashCode(code)],
      );
      if (!form) throw notFound();
      if (form.state === 'parent_signed' || form.state === 'both_signed') throw conflict(because(CONSENT_MESSAGES.alreadySigned));
      if (form.state !== 'student_signed' || !form.signed_pdf) throw conflict(because(CONSENT_MESSAGES.studentFirst));
      if (body.pdf) await this.refuseWholePdf(body.pdf, await this.templates.pdfForSchool(form.school_id, m));
      const signature = parseSignature(body.fields, 'parent');
      const config = form.field_config ?? (await this.templates.effective(form.school_id, m)).fieldConfig;
      await recordSignature(m, ctx, body.userAgent, form.id, 'parent', signature, now);
      const pdf = await composeSignedPdf({
        base: form.signed_pdf,
        contentPages: form.page_count ?? 1,
        config,
        role: 'parent',
        signature,
        now,
        trail: await readTrail(m, form.id),
      });
      await m.query(
        `UPDATE consent_forms SET signed_pdf = $2, state = 'both_signed', parent_signed_at = $3,
                parent_code_hash = NULL, updated_at = now() WHERE id = $1`,
        [form.id, pdf, now],
      );
      return { state: 'both_signed' as const };
    });
  }

  /** A whole signed PDF is not evidence of anything: refused, with its own message when it is the unsigned form. */
  private async refuseWholePdf(pdf: Buffer, original: Buffer): Promise<never> {
    if (pdf.length <= this.config.consentPdfMaxBytes && (await isUnchanged(pdf, original))) {
      throw badInput(because(SIGNATURE_MESSAGES.templateUnchanged));
    }
    throw badInput(because(SIGNATURE_MESSAGES.pdfNotAccepted));
  }
}
