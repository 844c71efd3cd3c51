import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Where a student's community-college application hand-off stands (users.ccc_apply_status; null: Not Set). */
export { CCC_APPLY_STATUSES, type CccApplyStatus } from '@planner/shared';

/** A student's signed consent to the community-college application hand-off (one per student). */
@Entity('cccapply_consents')
export class CccApplyConsent {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'student_id', type: 'integer', unique: true })
  studentId: number;

  @Column({ name: 'consent_data_release', type: 'boolean', default: false })
  consentDataRelease: boolean;

  @Column({ name: 'consent_ccc_apply', type: 'boolean', default: false })
  consentCCCApply: boolean;

  @Column({ name: 'consent_verification', type: 'boolean', default: false })
  consentVerification: boolean;

  @Column({ name: 'consent_privacy_policy', type: 'boolean', default: false })
  consentPrivacyPolicy: boolean;

  @Column({ name: 'consent_submit_application', type: 'boolean', default: false })
  consentSubmitApplication: boolean;

  @Column({ name: 'consent_financial_aid', type: 'boolean', default: false })
  consentFinancialAid: boolean;

  @Column({ name: 'consent_terms_of_use', type: 'boolean', default: false })
  consentTermsOfUse: boolean;

  @Column({ name: 'consent_pathway_planner', type: 'boolean', default: false })
  consentPathwayPlanner: boolean;

  @Column({ name: 'electronic_signature', type: 'text' })
  electronicSignature: string;

  @Column({ name: 'signed_at', type: 'timestamptz', default: () => 'now()' })
  signedAt: Date;

  @Column({ type: 'text', default: '' })
  ip: string;

  @Column({ name: 'account_created_at', type: 'timestamptz', nullable: true })
  accountCreatedAt: Date | null;
}
