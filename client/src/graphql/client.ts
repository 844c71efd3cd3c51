/** Apollo Client for /graphql, sending the stored token as `Authorization: Token <token>`. */
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { getToken } from '../session/storage';

const auth = new ApolloLink((operation, forward) => {
  const token = getToken();
  if (token) operation.setContext(({ headers = {} }) => ({ headers: { ...headers, Authorization: `Token ${token}` } }));
  return forward(operation);
});

/** The app's cache (tests render with it too, so they meet the same merge rules). */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          // The server always answers the whole list (a FollowedPathway has no id to merge by):
          // the new list replaces the cached one.
          followedPathways: { merge: false },
        },
      },
    },
  });
}

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([auth, new HttpLink({ uri: '/graphql' })]),
    cache: createCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}
