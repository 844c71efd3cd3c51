import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RefundRule } from './pricing.js';

/** A recorded withdrawal: the enrollment (contract) it ended and the refund computed by the contract's rule. */
@Entity('withdrawals')
export class Withdrawal {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'contract_id', type: 'uuid' })
  contractId: string;

  @Column({ name: 'family_id', type: 'integer' })
  familyId: number;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  @Column({ name: 'withdrawn_on', type: 'date' })
  withdrawnOn: string;

  @Column({ type: 'text' })
  reason: string;

  @Column({ type: 'text' })
  rule: RefundRule;

  @Column({ name: 'enrolled_on', type: 'date' })
  enrolledOn: string;

  @Column({ name: 'paid_cents', type: 'integer' })
  paidCents: number;

  @Column({ name: 'partner_payments_cents', type: 'integer' })
  partnerPaymentsCents: number;

  @Column({ type: 'smallint' })
  percent: number;

  @Column({ name: 'refund_cents', type: 'integer' })
  refundCents: number;

  @Column({ name: 'recorded_by', type: 'integer', nullable: true })
  recordedBy: number | null;

  @Column({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt: Date;
}
