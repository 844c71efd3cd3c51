import { Arg, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { OutboxChannelEnum, OutboxStatusEnum } from '../../graphql/enums.js';
import { checkOutboxFilter } from '../system/outbox-filter-input.js';

@ObjectType({ description: 'An email or text message the product sent or will send: the record of delivery.' })
class OutboxMessageItem {
  @Field(() => ID, { description: 'Identifier of the message.' }) id: string;
  @Field(() => OutboxChannelEnum, { description: 'email or sms.' }) channel: string;
  @Field(() => String, { description: 'Email address or phone number it goes to.' }) recipient: string;
  @Field(() => String, { description: 'Subject line (email).' }) subject: string;
  @Field(() => String, {
    nullable: true,
    description:
      "The text (it may hold a sign-in link): shown only to staff of the message's school, and only where no transport delivers its channel and the server is not a production one; null otherwise.",
  })
  body: string | null;
  @Field(() => OutboxStatusEnum, { description: 'pending (waiting or retrying), sent, or failed (gave up after the last attempt).' }) status: string;
  @Field(() => Int, { description: 'Delivery attempts so far.' }) attempts: number;
  @Field(() => String, { nullable: true, description: 'The error of the last failed attempt.' }) lastError: string | null;
  @Field(() => Date, { nullable: true, description: 'When the next attempt is due (pending messages only).' }) nextAttemptAt: Date | null;
  @Field(() => Date, { description: 'When it was queued.' }) createdAt: Date;
  @Field(() => Date, { nullable: true, description: 'When it was sent.' }) sentAt: Date | null;
}

@ObjectType({ description: 'A page of outbox messages, newest first.' })
class OutboxPage {
  @Field(() => [OutboxMessageItem], { description: 'The messages of this page.' }) nodes: OutboxMessageItem[];
  @Field(() => Int, { description: 'How many messages match, across all pages.' }) totalCount: number;
}

@Resolver()
export class OutboxResolver {
  @Query(() => OutboxPage, {
    description:
      "Staff: the outbox of their schools (what was sent, waits or failed), newest first: messages queued for their schools' business, except those about other staff, and their own.",
  })
  async outboxMessages(
    @Ctx() ctx: AdapterContext,
    @Arg('status', () => OutboxStatusEnum, { nullable: true, description: 'pending, sent or failed; all when omitted.' }) status: string | null,
    @Arg('limit', () => Int, { nullable: true, description: 'Page size, 1 to 200 (default 50).' }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true, description: 'How many messages to skip.' }) offset: number | null,
  ): Promise<OutboxPage> {
    const page = await ctx.services.system.outboxMessages(ctx, checkOutboxFilter({ status, limit, offset }));
    return {
      totalCount: page.total,
      nodes: page.rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject,
        body: m.body,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        nextAttemptAt: m.status === 'pending' ? m.nextAttemptAt : null,
        createdAt: m.createdAt,
        sentAt: m.sentAt,
      })),
    };
  }
}
