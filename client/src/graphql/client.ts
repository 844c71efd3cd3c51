/** Apollo Client for /graphql, sending the stored token as `Authorization: Token <token>`. */
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { getToken } from '../session/storage';

const auth = new ApolloLink((operation, forward) => {
  const token = getToken();
  if (token) operation.setContext(({ headers = {} }) => ({ headers: { ...headers, Authorization: `Token ${token}` } }));
  return forward(operation);
});

/**
 * Each request is sent, and each answer handed to the cache and the screens, in a task of its own.
 * A page's queries start together (its hooks subscribe in one effect pass) and their answers can
 * arrive together; without this, sending five requests, or writing several answers and rendering
 * what they change, ran as one long task (total blocking time, bench/README.md "The plan page").
 */
const ownTasks = new ApolloLink(
  (operation, forward) =>
    new Observable((observer) => {
      let sending: { unsubscribe(): void } | undefined;
      let closed = false;
      const later = (run: () => void) => setTimeout(() => !closed && run());
      later(() => {
        sending = forward(operation).subscribe({
          next: (result) => later(() => observer.next(result)),
          error: (e: unknown) => later(() => observer.error(e)),
          complete: () => later(() => observer.complete()),
        });
      });
      return () => {
        closed = true;
        sending?.unsubscribe();
      };
    }),
);

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
    link: ApolloLink.from([ownTasks, auth, new HttpLink({ uri: '/graphql' })]),
    cache: createCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}
