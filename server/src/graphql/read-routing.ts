/**
 * GraphQL's side of read routing (db/replica-reads.ts): a mutation's reads go to the primary, and
 * its end records the caller's read fence before the answer leaves. A query changes nothing the
 * replica-tolerant reads show, so its reads may go to a replica.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { AdapterContext } from '../adapters.js';
import { recordReadFence } from '../db/replica-reads.js';
import { logger } from '../observability/logger.js';

export const readRouting: ApolloServerPlugin<AdapterContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ contextValue, operation }) {
        if (contextValue.reads) contextValue.reads.writes = operation?.operation === 'mutation';
      },
      async willSendResponse({ contextValue }) {
        await recordReadFence(contextValue).catch((e) => logger.warn({ err: e }, '[replica] could not record the read fence'));
      },
    };
  },
};
