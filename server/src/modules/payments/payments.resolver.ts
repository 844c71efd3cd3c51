import { Arg, Ctx, Field, FieldResolver, Float, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { ApplicationStatusEnum, PaymentMethodEnum, PaymentRecordStatusEnum, PaymentStatusEnum, PaymentTypeEnum } from '../../graphql/enums.js';
import { contractView } from '../contracts/contracts.service.js';
import { EnrollmentContractType, toContractType } from '../contracts/contracts.resolver.js';
import type { Payment } from './payment.entity.js';
import { toDollars } from './pricing.js';
import { checkPrice, checkWaiveReason } from './payment-input.js';

@ObjectType({ description: 'An upcoming payment of the family' })
class PaymentDue {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
  @Field(() => String, { description: 'YYYY-MM-DD' }) dueDate: string;
  @Field(() => Float, { description: 'Dollars' }) amount: number;
  @Field(() => Int, { description: 'Amount in US cents.' }) amountCents: number;
  @Field(() => PaymentTypeEnum, { description: 'annual, monthly or late_fee' }) paymentType: string;
  @Field(() => String, { description: 'The school year it belongs to (2026-27).', nullable: true }) schoolYear: string | null;
  @Field(() => Int, { description: 'A late fee: the payment it is charged on.', nullable: true }) lateFeeFor: number | null;
  @Field(() => Int, { description: 'A late fee: which month late (1, 2, ...).', nullable: true }) monthsLate: number | null;
}

@ObjectType({ description: 'A row of the payment history' })
class PaymentHistoryItem {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
  @Field(() => String, { description: 'YYYY-MM-DD' }) date: string;
  @Field(() => Float, { description: 'Dollars' }) amount: number;
  @Field(() => Int, { description: 'Amount in US cents.' }) amountCents: number;
  @Field(() => PaymentRecordStatusEnum, { description: 'paid or failed' }) status: string;
  @Field(() => PaymentMethodEnum, { description: 'card or check' }) method: string;
}

@ObjectType({ description: 'A checkout config.' })
class CheckoutConfig {
  @Field(() => String, { description: 'Stripe publishable key; empty in test-checkout mode' }) publishableKey: string;
  @Field(() => String, { description: 'Identifier of the upfront price.' }) upfrontPriceId: string;
  @Field(() => String, { description: 'Identifier of the monthly price.' }) monthlyPriceId: string;
  @Field(() => Boolean, { description: 'True when the built-in test checkout stands in for Stripe' }) testCheckout: boolean;
  @Field(() => Int, { description: 'Annual amount, in US cents.' }) annualCents: number;
  @Field(() => Int, { description: 'Upfront amount, in US cents.' }) upfrontCents: number;
  @Field(() => Int, { description: 'Monthly amount, in US cents.' }) monthlyCents: number;
  @Field(() => Int, { description: 'The monthly installments.' }) monthlyInstallments: number;
}

@ObjectType({ description: 'A started checkout: where to send the parent to pay.' })
class CheckoutSessionResult {
  @Field(() => String, { description: 'Checkout session identifier.' }) sessionId: string;
  @Field(() => String, { nullable: true, description: 'The hosted checkout to redirect to' }) url: string | null;
}

@ObjectType({ description: 'A payment as staff see it' })
class StaffPayment {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
  @Field(() => String, { description: 'Due date.' }) dueDate: string;
  @Field(() => Float, { description: 'Amount.' }) amount: number;
  @Field(() => Int, { description: 'Amount in US cents.' }) amountCents: number;
  @Field(() => PaymentTypeEnum, { description: 'The payment type.' }) paymentType: string;
  @Field(() => PaymentStatusEnum, { description: 'due, paid or cancelled' }) status: string;
  @Field(() => Date, { description: 'When it was paid.', nullable: true }) paidAt: Date | null;
  @Field(() => Int, { description: 'A late fee: the payment it is charged on.', nullable: true }) lateFeeFor: number | null;
  @Field(() => Int, { description: 'A late fee: which month late.', nullable: true }) monthsLate: number | null;
  @Field(() => String, { description: 'A waived late fee: why.', nullable: true }) waiveReason: string | null;
}

const staffPayment = (p: Payment): StaffPayment => ({
  id: p.id,
  title: p.title,
  dueDate: p.dueDate,
  amount: toDollars(p.amountCents),
  amountCents: p.amountCents,
  paymentType: p.paymentType,
  status: p.status,
  paidAt: p.paidAt,
  lateFeeFor: p.lateFeeFor,
  monthsLate: p.monthsLate,
  waiveReason: p.waiveReason,
});

@ObjectType({ description: 'A dual-school family (the parent account) for staff' })
class DualSchoolFamily {
  @Field(() => Int, { description: 'Numeric identifier of the parent.' }) parentId: number;
  @Field(() => String, { description: 'Name of the parent.' }) parentName: string;
  @Field(() => String, { description: 'Email address (lower case).' }) email: string;
  @Field(() => ApplicationStatusEnum, { description: 'Dual School application status.', nullable: true }) applicationStatus: string | null;
}

@ObjectType({ description: 'A page of dual school family items, with the total count and the cursor of the next page.' })
class DualSchoolFamilyConnection {
  @Field(() => [DualSchoolFamily], { description: 'The items of this page.' }) nodes: DualSchoolFamily[];
  @Field(() => Int, { description: 'How many items match, across all pages.' }) totalCount: number;
  @Field(() => String, { description: 'Cursor of the last item of this page; pass it as `after` to read the next page.', nullable: true }) endCursor: string | null;
  @Field(() => Boolean, { description: 'Whether another page follows (ask again with after = endCursor).' }) hasNextPage: boolean;
}

@Resolver(() => DualSchoolFamily)
export class PaymentsResolver {
  @Query(() => [PaymentDue], { description: 'Reads the payments due.' })
  async paymentsDue(@Ctx() ctx: AdapterContext): Promise<PaymentDue[]> {
    return (await ctx.services.payments.paymentsDue(ctx)).map((p) => ({ ...p, amount: toDollars(p.amountCents) }));
  }

  @Query(() => [PaymentHistoryItem], { description: 'Reads the payment history.' })
  async paymentHistory(@Ctx() ctx: AdapterContext): Promise<PaymentHistoryItem[]> {
    return (await ctx.services.payments.paymentHistory(ctx)).map((p) => ({ ...p, amount: toDollars(p.amountCents) }));
  }

  @Query(() => CheckoutConfig, { description: "Reads the checkout config; a family with tuition due gets its contract's amounts." })
  checkoutConfig(@Ctx() ctx: AdapterContext): Promise<CheckoutConfig> {
    return ctx.services.payments.checkoutConfig(ctx);
  }

  @Mutation(() => CheckoutSessionResult, { description: 'Stripe Checkout for the annual tuition paid upfront' })
  createUpfrontCheckoutSession(
    @Ctx() ctx: AdapterContext,
    @Arg('priceId', () => String, { description: 'Stripe price identifier.' }) priceId: string,
  ): Promise<CheckoutSessionResult> {
    return ctx.services.payments.createCheckoutSession(ctx, 'annual', checkPrice({ price_id: priceId }));
  }

  @Mutation(() => CheckoutSessionResult, { description: 'Stripe Checkout for the monthly plan (subscription)' })
  createMonthlyCheckoutSession(
    @Ctx() ctx: AdapterContext,
    @Arg('priceId', () => String, { description: 'Stripe price identifier.' }) priceId: string,
  ): Promise<CheckoutSessionResult> {
    return ctx.services.payments.createCheckoutSession(ctx, 'monthly', checkPrice({ price_id: priceId }));
  }

  @Mutation(() => CheckoutSessionResult, { description: "Stripe Checkout for one of the family's due late fees" })
  createLateFeeCheckoutSession(
    @Ctx() ctx: AdapterContext,
    @Arg('paymentId', () => Int, { description: 'The late fee (a payment of type late_fee).' }) paymentId: number,
  ): Promise<CheckoutSessionResult> {
    return ctx.services.payments.createLateFeeCheckoutSession(ctx, paymentId);
  }

  @Query(() => DualSchoolFamilyConnection, { description: 'Dual-school staff: accepted, enrolled and withdrawn families, paged' })
  dualSchoolFamilies(
    @Ctx() ctx: AdapterContext,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
  ): Promise<DualSchoolFamilyConnection> {
    return ctx.services.payments.families(ctx, { first: first ?? 50, after });
  }

  @FieldResolver(() => [StaffPayment], { description: 'The payments.' })
  async payments(@Root() family: DualSchoolFamily, @Ctx() ctx: AdapterContext): Promise<StaffPayment[]> {
    return (await ctx.loaders.paymentsByFamily.load(family.parentId)).map(staffPayment);
  }

  @FieldResolver(() => EnrollmentContractType, { description: 'The contract.', nullable: true })
  async contract(@Root() family: DualSchoolFamily, @Ctx() ctx: AdapterContext): Promise<EnrollmentContractType | null> {
    const c = await ctx.loaders.contractByParent.load(family.parentId);
    return c && toContractType(contractView(c));
  }

  @Mutation(() => StaffPayment, { description: 'Dual-school staff waive a late fee still due, with a reason (kept with who and when)' })
  async waiveLateFee(
    @Ctx() ctx: AdapterContext,
    @Arg('paymentId', () => Int, { description: 'The late fee.' }) paymentId: number,
    @Arg('reason', () => String, { description: 'Why it is waived (1 to 500 characters), shown to the family.' }) reason: string,
  ): Promise<StaffPayment> {
    return staffPayment(await ctx.services.payments.waiveLateFee(ctx, paymentId, checkWaiveReason({ reason })));
  }

  @Mutation(() => StaffPayment, { description: 'Dual-school staff record a check received: the payment is paid' })
  async recordCheckPayment(
    @Ctx() ctx: AdapterContext,
    @Arg('paymentId', () => Int, { description: 'Identifier of the payment.' }) paymentId: number,
  ): Promise<StaffPayment> {
    return staffPayment(await ctx.services.payments.recordCheck(ctx, paymentId));
  }
}
