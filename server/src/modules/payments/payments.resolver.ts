import { Arg, Ctx, Field, FieldResolver, Float, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';
import { contractView } from '../contracts/contracts.service.js';
import { EnrollmentContractType, toContractType } from '../contracts/contracts.resolver.js';
import type { Payment } from './payment.entity.js';
import { toDollars } from './pricing.js';

@ObjectType({ description: 'An upcoming payment of the family' })
class PaymentDue {
  @Field(() => Int) id: number;
  @Field(() => String) title: string;
  @Field(() => String, { description: 'YYYY-MM-DD' }) dueDate: string;
  @Field(() => Float, { description: 'Dollars' }) amount: number;
  @Field(() => Int) amountCents: number;
  @Field(() => String, { description: 'annual or monthly' }) paymentType: string;
}

@ObjectType({ description: 'A row of the payment history' })
class PaymentHistoryItem {
  @Field(() => Int) id: number;
  @Field(() => String) title: string;
  @Field(() => String, { description: 'YYYY-MM-DD' }) date: string;
  @Field(() => Float, { description: 'Dollars' }) amount: number;
  @Field(() => Int) amountCents: number;
  @Field(() => String, { description: 'paid or failed' }) status: string;
  @Field(() => String, { description: 'card or check' }) method: string;
}

@ObjectType()
class CheckoutConfig {
  @Field(() => String, { description: 'Stripe publishable key; empty in test-checkout mode' }) publishableKey: string;
  @Field(() => String) upfrontPriceId: string;
  @Field(() => String) monthlyPriceId: string;
  @Field(() => Boolean, { description: 'True when the built-in test checkout stands in for Stripe' }) testCheckout: boolean;
  @Field(() => Int) annualCents: number;
  @Field(() => Int) upfrontCents: number;
  @Field(() => Int) monthlyCents: number;
  @Field(() => Int) monthlyInstallments: number;
}

@ObjectType()
class CheckoutSessionResult {
  @Field(() => String) sessionId: string;
  @Field(() => String, { nullable: true, description: 'The hosted checkout to redirect to' }) url: string | null;
}

@ObjectType({ description: 'A payment as staff see it' })
class StaffPayment {
  @Field(() => Int) id: number;
  @Field(() => String) title: string;
  @Field(() => String) dueDate: string;
  @Field(() => Float) amount: number;
  @Field(() => Int) amountCents: number;
  @Field(() => String) paymentType: string;
  @Field(() => String, { description: 'due, paid or cancelled' }) status: string;
  @Field(() => Date, { nullable: true }) paidAt: Date | null;
}

const staffPayment = (p: Payment): StaffPayment => ({
  id: p.id, title: p.title, dueDate: p.dueDate, amount: toDollars(p.amountCents), amountCents: p.amountCents,
  paymentType: p.paymentType, status: p.status, paidAt: p.paidAt,
});

@ObjectType({ description: 'A dual-school family (the parent account) for staff' })
class DualSchoolFamily {
  @Field(() => Int) parentId: number;
  @Field(() => String) parentName: string;
  @Field(() => String) email: string;
  @Field(() => String, { nullable: true }) applicationStatus: string | null;
}

@ObjectType()
class DualSchoolFamilyConnection {
  @Field(() => [DualSchoolFamily]) nodes: DualSchoolFamily[];
  @Field(() => Int) totalCount: number;
  @Field(() => String, { nullable: true }) endCursor: string | null;
  @Field(() => Boolean) hasNextPage: boolean;
}

@Resolver(() => DualSchoolFamily)
export class PaymentsResolver {
  @Query(() => [PaymentDue])
  async paymentsDue(@Ctx() ctx: RequestContext): Promise<PaymentDue[]> {
    return (await ctx.services.payments.paymentsDue(ctx)).map((p) => ({ ...p, amount: toDollars(p.amountCents) }));
  }

  @Query(() => [PaymentHistoryItem])
  async paymentHistory(@Ctx() ctx: RequestContext): Promise<PaymentHistoryItem[]> {
    return (await ctx.services.payments.paymentHistory(ctx)).map((p) => ({ ...p, amount: toDollars(p.amountCents) }));
  }

  @Query(() => CheckoutConfig)
  checkoutConfig(@Ctx() ctx: RequestContext): CheckoutConfig {
    return ctx.services.payments.checkoutConfig();
  }

  @Mutation(() => CheckoutSessionResult, { description: 'Stripe Checkout for the annual tuition paid upfront' })
  createUpfrontCheckoutSession(@Ctx() ctx: RequestContext, @Arg('priceId', () => String) priceId: string): Promise<CheckoutSessionResult> {
    return ctx.services.payments.createCheckoutSession(ctx, 'annual', { price_id: priceId });
  }

  @Mutation(() => CheckoutSessionResult, { description: 'Stripe Checkout for the monthly plan (subscription)' })
  createMonthlyCheckoutSession(@Ctx() ctx: RequestContext, @Arg('priceId', () => String) priceId: string): Promise<CheckoutSessionResult> {
    return ctx.services.payments.createCheckoutSession(ctx, 'monthly', { price_id: priceId });
  }

  @Query(() => DualSchoolFamilyConnection, { description: 'Dual-school staff: accepted and enrolled families, paged' })
  dualSchoolFamilies(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<DualSchoolFamilyConnection> {
    return ctx.services.payments.families(ctx, { first: first ?? 50, after });
  }

  @FieldResolver(() => [StaffPayment])
  async payments(@Root() family: DualSchoolFamily, @Ctx() ctx: RequestContext): Promise<StaffPayment[]> {
    return (await ctx.loaders.paymentsByFamily.load(family.parentId)).map(staffPayment);
  }

  @FieldResolver(() => EnrollmentContractType, { nullable: true })
  async contract(@Root() family: DualSchoolFamily, @Ctx() ctx: RequestContext): Promise<EnrollmentContractType | null> {
    const c = await ctx.loaders.contractByParent.load(family.parentId);
    return c && toContractType(contractView(c));
  }

  @Mutation(() => StaffPayment, { description: 'Dual-school staff record a check received: the payment is paid' })
  async recordCheckPayment(@Ctx() ctx: RequestContext, @Arg('paymentId', () => Int) paymentId: number): Promise<StaffPayment> {
    return staffPayment(await ctx.services.payments.recordCheck(ctx, paymentId));
  }
}
