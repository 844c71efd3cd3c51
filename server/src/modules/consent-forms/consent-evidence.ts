/**
 * The evidence behind a signed consent form: one row per signature in consent_signatures (who
 * signed, as whom, when, from which address and browser), the audit trail read back from it for
 * the PDF's trail page (consent-pdf.ts), and the two warnings the staff viewer shows about the
 * guardian phone the parent's link went to.
 *
 * Written inside the signing transaction (consent-signing.service.ts), read by the viewer
 * (consent-forms.service.ts); it holds no permission rule and no state transition.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { UserType } from '../accounts/user.entity.js';
import type { ConsentTrail } from './consent-pdf.js';
import type { SignatureInput } from './consent-signature.js';

/** What staff should question before trusting a parent's signature. */
export interface PhoneFlags {
  /** The guardian phone changed after the parent's link was sent (the link went to another phone). */
  guardianPhoneChangedAfterSent: boolean;
  /** The phone the link went to (or the guardian phone) is also a student's of another family. */
  guardianPhoneShared: boolean;
}

const DIGITS = (column: string) => `regexp_replace(${column}, '[^0-9]', '', 'g')`;

/** One row of the audit trail: who signed, as whom, when, from which address and browser. */
export async function recordSignature(
  m: EntityManager,
  ctx: RequestContext,
  userAgent: string,
  formId: string,
  role: 'student' | 'parent',
  s: SignatureInput,
  now: Date,
): Promise<void> {
  await m.query(
    `INSERT INTO consent_signatures (form_id, role, user_id, typed_name, printed_name, drawn_strokes, signed_at, client_ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (form_id, role) DO UPDATE SET user_id = EXCLUDED.user_id, typed_name = EXCLUDED.typed_name,
       printed_name = EXCLUDED.printed_name, drawn_strokes = EXCLUDED.drawn_strokes, signed_at = EXCLUDED.signed_at,
       client_ip = EXCLUDED.client_ip, user_agent = EXCLUDED.user_agent`,
    [formId, role, ctx.caller?.user.id ?? null, s.name, s.printedName, s.strokes.length, now, ctx.ip.slice(0, 100), userAgent.slice(0, 300)],
  );
}

/** The audit trail of a form as stored (inside the signing transaction, so it includes the new signature). */
export async function readTrail(m: EntityManager, formId: string): Promise<ConsentTrail> {
  const [f] = await m.query(
    `SELECT cf.id, cf.parent_phone, cf.parent_phone_set_at, cf.parent_request_sent_at, cf.notified_parent_ids,
            u.id AS student_id, u.first_name, u.last_name, s.name AS school
       FROM consent_forms cf JOIN users u ON u.id = cf.student_id JOIN schools s ON s.id = cf.school_id WHERE cf.id = $1`,
    [formId],
  );
  const signatures = await m.query(
    `SELECT role, user_id, typed_name, printed_name, drawn_strokes, signed_at, client_ip, user_agent
       FROM consent_signatures WHERE form_id = $1 ORDER BY signed_at`,
    [formId],
  );
  const parents: { id: number; first_name: string; last_name: string; email: string }[] = f.notified_parent_ids?.length
    ? await m.query(`SELECT id, first_name, last_name, email FROM users WHERE id = ANY($1::int[]) ORDER BY id`, [f.notified_parent_ids])
    : [];
  return {
    formId: f.id,
    student: { id: f.student_id, name: `${f.first_name} ${f.last_name}`.trim() },
    school: f.school,
    signatures: signatures.map((s: Record<string, unknown>) => ({
      role: s.role as 'student' | 'parent',
      typedName: s.typed_name as string,
      printedName: (s.printed_name as string | null) ?? null,
      drawnStrokes: s.drawn_strokes as number,
      userId: (s.user_id as number | null) ?? null,
      signedAt: new Date(s.signed_at as string),
      clientIp: s.client_ip as string,
      userAgent: s.user_agent as string,
    })),
    request: f.parent_request_sent_at
      ? {
          sentAt: new Date(f.parent_request_sent_at),
          phone: f.parent_phone,
          phoneSetAt: f.parent_phone_set_at ? new Date(f.parent_phone_set_at) : null,
          notifiedParents: parents.map((p) => ({ id: p.id, name: `${p.first_name} ${p.last_name}`.trim(), email: p.email })),
        }
      : null,
  };
}

/**
 * The viewer's warnings: a guardian phone changed after the link was sent, or a phone shared with
 * a student no linked parent has in common with this one (another family: a student may have
 * typed their own or a friend's phone).
 */
export async function phoneFlags(db: DataSource, formId: string): Promise<PhoneFlags> {
  const [w] = await db.query(
    `SELECT
       (cf.parent_request_sent_at IS NOT NULL AND (
          u.guardian_phone_set_at > cf.parent_request_sent_at
          OR ${DIGITS("coalesce(u.guardian_phone, '')")} <> ${DIGITS("coalesce(cf.parent_phone, '')")})) AS changed,
       EXISTS (
         SELECT 1 FROM users o
          WHERE o.guardian_phone IS NOT NULL AND o.id <> u.id AND o.user_type = $2
            AND ${DIGITS('o.guardian_phone')} IN (${DIGITS('cf.parent_phone')}, ${DIGITS('u.guardian_phone')})
            AND ${DIGITS('o.guardian_phone')} <> ''
            AND NOT EXISTS (SELECT 1 FROM parent_student_links a JOIN parent_student_links b ON b.parent_id = a.parent_id
                             WHERE a.student_id = u.id AND b.student_id = o.id)) AS shared
       FROM consent_forms cf JOIN users u ON u.id = cf.student_id WHERE cf.id = $1`,
    [formId, UserType.Student],
  );
  return { guardianPhoneChangedAfterSent: !!w?.changed, guardianPhoneShared: !!w?.shared };
}
