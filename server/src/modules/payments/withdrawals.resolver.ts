import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { checkWithdrawal } from './withdrawal-input.js';
import type { RefundQuoteView } from './withdrawals.service.js';
import type { Withdrawal } from './withdrawal.entity.js';

@InputType({ description: 'A withdrawal as staff record it.' })
class WithdrawalInputType {
  @Field(() => String, { description: 'The day the student withdrew (YYYY-MM-DD).' }) withdrawnOn: string;
  @Field(() => String, { description: 'Why (1 to 500 characters).' }) reason: string;
  @Field(() => Int, { description: 'Direct payments made to partner institutions for the student, in US cents.', nullable: true }) partnerPaymentsCents?: number | null;
  @Field(() => Boolean, { description: "The university guarantee's case: everything paid back, less direct course costs.", nullable: true }) guarantee?: boolean | null;
}

@ObjectType({ description: "A refund computed by the contract's rule for a withdrawal date." })
class RefundQuote {
  @Field(() => String, { description: 'The contract (enrollment) it ends.' }) contractId: string;
  @Field(() => String, { description: 'Its school year.', nullable: true }) schoolYear: string | null;
  @Field(() => String, { description: 'Enrollment day: the contract was completed.' }) enrolledOn: string;
  @Field(() => String, { description: 'Withdrawal day.' }) withdrawnOn: string;
  @Field(() => Int, { description: 'Calendar days from enrollment to withdrawal.' }) daysEnrolled: number;
  @Field(() => String, { description: 'full (100%), half (50%), none, or guarantee.' }) rule: string;
  @Field(() => Int, { description: 'Percent of the tuition paid refunded before partner payments.' }) percent: number;
  @Field(() => Int, { description: 'Tuition paid, in US cents.' }) paidCents: number;
  @Field(() => Int, { description: 'Partner payments deducted, in US cents.' }) partnerPaymentsCents: number;
  @Field(() => Int, { description: 'The refund, in US cents.' }) refundCents: number;
}

@ObjectType({ description: 'A recorded withdrawal and its refund, as the family and staff read it.' })
class WithdrawalType extends RefundQuote {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'Why.' }) reason: string;
  @Field(() => Date, { description: 'When staff recorded it.' }) recordedAt: Date;
}

const toType = (w: Withdrawal): WithdrawalType => ({
  id: w.id,
  contractId: w.contractId,
  schoolYear: null,
  enrolledOn: w.enrolledOn,
  withdrawnOn: w.withdrawnOn,
  daysEnrolled: Math.round((Date.parse(w.withdrawnOn) - Date.parse(w.enrolledOn)) / 86_400_000),
  rule: w.rule,
  percent: w.percent,
  paidCents: w.paidCents,
  partnerPaymentsCents: w.partnerPaymentsCents,
  refundCents: w.refundCents,
  reason: w.reason,
  recordedAt: w.recordedAt,
});

const plain = (i: WithdrawalInputType) => ({
  withdrawnOn: i.withdrawnOn,
  reason: i.reason,
  partnerPaymentsCents: i.partnerPaymentsCents ?? 0,
  guarantee: i.guarantee ?? false,
});

@Resolver()
export class WithdrawalsResolver {
  @Query(() => RefundQuote, { description: "Dual-school staff: the refund a withdrawal would get by the family's contract (nothing saved)." })
  withdrawalQuote(
    @Ctx() ctx: AdapterContext,
    @Arg('parentId', () => Int, { description: 'The family (parent account).' }) parentId: number,
    @Arg('input', () => WithdrawalInputType, { description: 'The withdrawal.' }) input: WithdrawalInputType,
  ): Promise<RefundQuoteView> {
    return ctx.services.withdrawals.quote(ctx, parentId, checkWithdrawal(plain(input)));
  }

  @Mutation(() => RefundQuote, { description: 'Dual-school staff: record the withdrawal and issue the refund they confirmed; the enrollment ends.' })
  recordWithdrawal(
    @Ctx() ctx: AdapterContext,
    @Arg('parentId', () => Int, { description: 'The family (parent account).' }) parentId: number,
    @Arg('input', () => WithdrawalInputType, { description: 'The withdrawal.' }) input: WithdrawalInputType,
    @Arg('confirmRefundCents', () => Int, { description: 'The refund staff were shown and confirm, in US cents.' }) confirmRefundCents: number,
  ): Promise<RefundQuoteView> {
    return ctx.services.withdrawals.record(ctx, parentId, checkWithdrawal(plain(input)), confirmRefundCents);
  }

  @Query(() => [WithdrawalType], { description: "The family's withdrawals with their refund and its calculation." })
  async myWithdrawals(@Ctx() ctx: AdapterContext): Promise<WithdrawalType[]> {
    return (await ctx.services.withdrawals.mine(ctx)).map(toType);
  }
}
