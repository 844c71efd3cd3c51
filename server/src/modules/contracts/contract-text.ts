/**
 * The enrollment contract's text, ONCE: the /enrollment-contract page receives these sections
 * through GraphQL (query enrollmentContract { document }) and the PDF generator draws the same
 * sections, so the page and the PDF always say the same thing. The school year and attachment A's
 * figures are the terms the contract is (or will be) signed under: a year's terms as staff set them,
 * frozen on the contract when it is drawn (enrollment_contracts.terms). The English is plain ASCII, so that an English contract whose names are
 * WinAnsi too is drawn with the standard fonts and embeds none (@planner/shared/pdf-fonts).
 *
 * Languages (decision): the contract is a legal document whose English wording is the spec's, and the
 * school has no reviewed translation of it. A family reading Spanish, Vietnamese or Chinese gets the
 * parts that help them find their way in their language, from the server catalogues (keys
 * contract.*): the title and each section heading in their language followed by the English one
 * ("1. Cơ cấu chương trình / 1. Program Structure"), so staff and family point at the same section;
 * every initials, signature, name and date label; the opt-out form's link. The body (intro,
 * paragraphs, fee schedule) stays the English text, the one that binds, and the intro opens with a
 * sentence in their language saying so (legal.englishGoverns). The page and the PDF show the same
 * document, in the language of the person at the keyboard when it is drawn: the signed PDF keeps the
 * signer's.
 */
import { proposedSchoolYear, quoteTuition, schoolYearStartOf, SPEC_TERMS, type YearTerms } from '../payments/pricing.js';
import { message, messageLocale, type MessageKey } from '../../messages/messages.js';

export const REQUIRED_SPOTS = [
  'ferpa_initials',
  'coppa_initials',
  'tech_initials',
  'academic_initials',
  'enrollment_initials',
  'liability_initials',
  'dispute_initials',
  'agreement_initials',
  'parent_signature',
  'parent_name',
  'parent_date',
] as const;
export type SpotName = (typeof REQUIRED_SPOTS)[number];

/** What a spot takes: initials -> the adopted initials; signature and name -> the full name; date -> today's local date. */
export const SPOT_KINDS = ['initials', 'signature', 'name', 'date'] as const;
export type SpotKind = (typeof SPOT_KINDS)[number];

export interface ContractSpot {
  name: SpotName;
  label: string;
  kind: SpotKind;
}

export interface ContractSection {
  key: string;
  heading: string;
  paragraphs: string[];
  spots: ContractSpot[];
  /** A link shown after the paragraphs (attachment B's opt-out form). */
  link?: { label: string; href: string };
}

export interface ContractDocument {
  title: string;
  intro: string;
  sections: ContractSection[];
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

export const SCHOOL_NAME = 'Dual School';
export const OPT_OUT_DAYS = 15;
export const OPT_OUT_FORM_PATH = '/directory-opt-out-form';

/** The current school year with the spec's figures: the text shown to a reader who has no year of their own. */
export function sampleTerms(on = new Date().toISOString().slice(0, 10)): YearTerms {
  return { ...SPEC_TERMS, ...proposedSchoolYear(schoolYearStartOf(on)) };
}

/** The contract as the reader of `locale` sees it (a stored users.locale; anything unknown is English), under `terms`. */
export function contractDocument(locale: string = 'en', terms: YearTerms = sampleTerms()): ContractDocument {
  const {
    annualTuitionCents: ANNUAL_TUITION_CENTS,
    fullRefundDays: FULL_REFUND_DAYS,
    halfRefundDays: HALF_REFUND_DAYS,
    lateFeePercentPerMonth: LATE_FEE_PERCENT_PER_MONTH,
    monthlyInstallmentCents: MONTHLY_INSTALLMENT_CENTS,
    partnerCourseCostCents: PARTNER_COURSE_COST_CENTS,
    podDiscountPercent: POD_DISCOUNT_PERCENT,
    podMinStudents: POD_MIN_STUDENTS,
    upfrontDiscountPercent: UPFRONT_DISCOUNT_PERCENT,
    label: SCHOOL_YEAR,
  } = terms;
  const MONTHLY_INSTALLMENTS = terms.monthlyDueDates.length;
  const longDate = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
  const lang = messageLocale(locale);
  const t = (key: MessageKey, values?: Record<string, string>) => message(lang, key, values);
  // A heading in the reader's language with the English after it; English alone for English.
  const both = (key: MessageKey, values?: Record<string, string>) => {
    const english = message('en', key, values);
    return lang === 'en' ? english : `${t(key, values)} / ${english}`;
  };
  const initials = (name: SpotName, topic: MessageKey): ContractSpot => ({
    name,
    label: t('contract.initials', { topic: t(topic) }),
    kind: 'initials',
  });
  const intro =
    `This Enrollment Contract ("Contract") is made between ${SCHOOL_NAME}, a private online high school ("the School"), and the ` +
    `parent or legal guardian signing below ("Parent") on behalf of the enrolled student ("Student"). By initialing each ` +
    `section and signing, Parent agrees to every term of this Contract and its Attachments A and B.`;
  const upfront = quoteTuition('annual', 1, terms).totalCents;
  const podUpfront = quoteTuition('annual', POD_MIN_STUDENTS, terms).totalCents;
  return {
    title: both('contract.title', { school: SCHOOL_NAME, year: SCHOOL_YEAR }),
    intro: lang === 'en' ? intro : `${t('legal.englishGoverns')} ${intro}`,
    sections: [
      {
        key: 'program',
        heading: both('contract.heading.program'),
        paragraphs: [
          `The School combines a virtual high school with dual enrollment at partner community colleges. Students complete ` +
            `high school coursework online and take college courses that earn both high school and college credit.`,
          `The School assigns each Student an academic pathway, prepared with the family, toward the School's transfer ` +
            `agreement with 6 state university campuses. Course schedules, partner institutions and instructors may change ` +
            `to keep the pathway on track.`,
        ],
        spots: [],
      },
      {
        key: 'legal',
        heading: both('contract.heading.legal'),
        paragraphs: [
          `The School protects education records under the Family Educational Rights and Privacy Act (FERPA). Parent may ` +
            `inspect and request correction of the Student's records, and consents to the School sharing records with partner ` +
            `colleges and universities as needed to enroll the Student, award credit and apply the university guarantee.`,
          `Where the Student is under 13, Parent consents under the Children's Online Privacy Protection Act (COPPA) to the ` +
            `collection of the Student's information by the School's learning platforms for educational purposes only. The ` +
            `School does not sell personal data and uses it only to provide the program.`,
        ],
        spots: [initials('ferpa_initials', 'contract.topic.ferpa'), initials('coppa_initials', 'contract.topic.coppa')],
      },
      {
        key: 'conduct',
        heading: both('contract.heading.conduct'),
        paragraphs: [
          `The Student will follow the School's code of conduct and the acceptable use policy of the School and of each partner ` +
            `institution, including rules on academic honesty, respectful communication and the use of online accounts.`,
          `Families buy their own technology: a computer able to run current browsers and video calls, a webcam, and reliable ` +
            `internet access. The School is not responsible for the repair or replacement of family-owned equipment.`,
        ],
        spots: [initials('tech_initials', 'contract.topic.tech')],
      },
      {
        key: 'academic',
        heading: both('contract.heading.academic'),
        paragraphs: [
          `College courses are taught at college level and graded on the Student's permanent college transcript. The Student ` +
            `will attend required sessions, meet deadlines set by each partner institution, and seek help early. Grades earned ` +
            `in college courses cannot be removed by the School.`,
        ],
        spots: [initials('academic_initials', 'contract.topic.academic')],
      },
      {
        key: 'enrollment',
        heading: both('contract.heading.enrollment'),
        paragraphs: [
          `The ${SCHOOL_YEAR} school year runs from ${longDate(terms.startsOn)} to ${longDate(terms.endsOn)}. ` +
            `Annual tuition for the ${SCHOOL_YEAR} school year is ${usd(ANNUAL_TUITION_CENTS)}, payable as set out in Attachment A, ` +
            `by ${longDate(terms.tuitionDueOn)}. Monthly payments are collected automatically; unpaid amounts incur a late fee of ` +
            `${LATE_FEE_PERCENT_PER_MONTH}% per month.`,
          `Parent may withdraw the Student by written notice. Refunds: 100% of tuition paid within ${FULL_REFUND_DAYS} calendar ` +
            `days of enrollment; 50% within ${HALF_REFUND_DAYS} calendar days; no refund after ${HALF_REFUND_DAYS} calendar days. In ` +
            `each case, amounts the School has paid directly to partner institutions (for example ${usd(PARTNER_COURSE_COST_CENTS)} ` +
            `per student per semester) are not refunded.`,
          `The School may terminate enrollment for serious or repeated violations of the code of conduct, or for non-payment ` + `after written notice.`,
        ],
        spots: [initials('enrollment_initials', 'contract.topic.enrollment')],
      },
      {
        key: 'guarantee',
        heading: both('contract.heading.guarantee'),
        paragraphs: [
          `If the Student meets every duty of the program and is not admitted to one of the 6 guaranteed state university ` +
            `campuses, the School refunds the tuition paid, less direct course costs paid to partner institutions. The ` +
            `guarantee may be limited for students who enroll in 11th or 12th grade.`,
          `Except for this refund, the School's total liability under this Contract is limited to the tuition paid in the ` +
            `prior 12 months. The School is not liable for indirect or consequential losses.`,
        ],
        spots: [initials('liability_initials', 'contract.topic.liability')],
      },
      {
        key: 'dispute',
        heading: both('contract.heading.dispute'),
        paragraphs: [
          `This Contract is governed by the laws of the State of Nevada. The parties will first try to resolve any dispute ` +
            `through mediation; a dispute not resolved by mediation will be settled by binding arbitration in Clark County, ` +
            `Nevada.`,
        ],
        spots: [initials('dispute_initials', 'contract.topic.dispute')],
      },
      {
        key: 'agreement',
        heading: both('contract.heading.agreement'),
        paragraphs: [
          `This Contract, with Attachments A and B, is the entire agreement between the parties about the Student's enrollment ` +
            `and replaces every earlier statement. Changes must be in writing and signed by both parties. If a term is found ` +
            `unenforceable, the remaining terms stay in effect.`,
        ],
        spots: [initials('agreement_initials', 'contract.topic.agreement')],
      },
      {
        key: 'signatures',
        heading: both('contract.heading.signatures'),
        paragraphs: [
          `By signing, Parent confirms having read this Contract and its attachments, and agrees to them on behalf of the ` +
            `Student. Electronic signatures have the same effect as handwritten ones.`,
        ],
        spots: [
          { name: 'parent_signature', label: t('contract.spot.signature'), kind: 'signature' },
          { name: 'parent_name', label: t('contract.spot.name'), kind: 'name' },
          { name: 'parent_date', label: t('contract.spot.date'), kind: 'date' },
        ],
      },
      {
        key: 'attachment_a',
        heading: both('contract.heading.attachment_a'),
        paragraphs: [
          `School year ${SCHOOL_YEAR}: ${longDate(terms.startsOn)} to ${longDate(terms.endsOn)}.`,
          `Annual tuition: ${usd(ANNUAL_TUITION_CENTS)} per student, due ${longDate(terms.tuitionDueOn)}.`,
          `Upfront or check payment: ${usd(upfront)} (${UPFRONT_DISCOUNT_PERCENT}% upfront discount). Checks are mailed to ` +
            `${SCHOOL_NAME}, LP; the payment shows as received when the check is cashed.`,
          `Monthly plan: ${usd(MONTHLY_INSTALLMENT_CENTS)} per month for ${MONTHLY_INSTALLMENTS} months by automatic payment ` +
            `(subscription); no discount. Due dates: ${terms.monthlyDueDates.map(longDate).join('; ')}.`,
          `Pod discount: ${POD_DISCOUNT_PERCENT}% for groups of ${POD_MIN_STUDENTS} or more students ` +
            `(${usd(ANNUAL_TUITION_CENTS - Math.round((ANNUAL_TUITION_CENTS * POD_DISCOUNT_PERCENT) / 100))} per student). Both discounts ` +
            `stack: ${usd(podUpfront)} per student.`,
          `Late fee: ${LATE_FEE_PERCENT_PER_MONTH}% per month on unpaid amounts.`,
          `Refunds: 100% within ${FULL_REFUND_DAYS} calendar days of enrollment, 50% within ${HALF_REFUND_DAYS} calendar days, none ` +
            `after; in each case less direct payments to partner institutions (for example ${usd(PARTNER_COURSE_COST_CENTS)} per ` +
            `student per semester).`,
        ],
        spots: [],
      },
      {
        key: 'attachment_b',
        heading: both('contract.heading.attachment_b'),
        paragraphs: [
          `Under FERPA the School may disclose directory information (the Student's name, grade level, enrollment status and ` +
            `participation in school activities) without consent. Parent may refuse this disclosure by completing the Directory ` +
            `Information Opt-Out Form and emailing it to the School within ${OPT_OUT_DAYS} calendar days of signing this Contract.`,
        ],
        spots: [],
        link: { label: t('contract.optOutForm'), href: OPT_OUT_FORM_PATH },
      },
    ],
  };
}

/** Required spots not placed (absent or blank), in contract order. */
export function missingSpots(placed: Record<string, unknown>): SpotName[] {
  return REQUIRED_SPOTS.filter((s) => typeof placed[s] !== 'string' || (placed[s] as string).trim() === '');
}
