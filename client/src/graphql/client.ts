/** Apollo Client for /graphql, sending the stored token as `Authorization: Token <token>`. */
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { getToken } from '../session/storage';

const auth = new ApolloLink((operation, forward) => {
  const token = getToken();
  if (token) operation.setContext(({ headers = {} }) => ({ headers: { ...headers, Authorization: `Token ${token}` } }));
  return forward(operation);
});

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([auth, new HttpLink({ uri: '/graphql' })]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}
