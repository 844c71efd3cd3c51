import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import type { StatementLine, StatementView } from './statement.js';

@ObjectType({ description: "One line of a family's statement." })
class StatementLineType implements StatementLine {
  @Field(() => String, { description: 'YYYY-MM-DD' }) date: string;
  @Field(() => String, { description: 'due, late_fee, upfront_discount, payment, failed, waiver, withdrawal_credit or refund.' }) kind: StatementLine['kind'];
  @Field(() => String, { description: "In the reader's language." }) description: string;
  @Field(() => Int, { description: 'The effect on the balance in US cents: positive owed, negative paid or credited, 0 for a failed charge.' }) amountCents: number;
  @Field(() => Int, { description: 'What the family owes after this line, in US cents.' }) balanceCents: number;
  @Field(() => String, { description: "Stripe's reference (payment intent, invoice, checkout session or refund id), or a check's number.", nullable: true })
  reference: string | null;
  @Field(() => Int, { description: 'The amount due the line belongs to.', nullable: true }) paymentId: number | null;
}

@ObjectType({ description: "A statement's totals, in US cents." })
class StatementTotalsType {
  @Field(() => Int, { description: 'Amounts due and late fees.' }) dueCents: number;
  @Field(() => Int, { description: 'Paid.' }) paidCents: number;
  @Field(() => Int, { description: 'Waived, discounted or credited.' }) creditedCents: number;
  @Field(() => Int, { description: 'Refunded.' }) refundedCents: number;
  @Field(() => Int, { description: 'What the family owes.' }) balanceCents: number;
}

@ObjectType({ description: "A family's statement for a school year: every amount due, paid, late fee, waiver and refund, with the running balance." })
class StatementType {
  @Field(() => Int, { description: "The family (the parent's user id)." }) familyId: number;
  @Field(() => String, { description: "The parent's name." }) familyName: string;
  @Field(() => String, { description: 'The dual school.' }) schoolName: string;
  @Field(() => String, { description: 'The school year (2026-27); null when the family has no money in any year.', nullable: true }) schoolYear: string | null;
  @Field(() => [String], { description: 'The school years the family has money in, oldest first.' }) schoolYears: string[];
  @Field(() => [StatementLineType], { description: 'The lines, in date order.' }) lines: StatementLineType[];
  @Field(() => StatementTotalsType, { description: 'The totals.' }) totals: StatementTotalsType;
}

@Resolver()
export class StatementsResolver {
  @Query(() => StatementType, { description: "A family's statement for a school year: the parent's own, or for dual-school staff a family of their school." })
  statement(
    @Ctx() ctx: AdapterContext,
    @Arg('familyId', () => Int, { description: "The family (the parent's user id); a parent may leave it out.", nullable: true }) familyId: number | null,
    @Arg('schoolYear', () => String, { description: 'The school year (2026-27); default the latest the family has money in.', nullable: true }) schoolYear: string | null,
  ): Promise<StatementView> {
    return ctx.services.statements.statement(ctx, familyId ?? undefined, schoolYear ?? undefined);
  }
}
