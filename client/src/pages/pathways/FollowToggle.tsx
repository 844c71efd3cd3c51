/**
 * The student's "Follow" / "Following" toggle on a pathway card (a button with aria-pressed, named
 * by its visible text and described by the card's heading). Who may follow is the server's rule
 * (caseload.policy.ts): a student for themselves, also through a staff member's view-as token; a
 * parent's read-only view never shows it. The followed list is read once per page
 * (useFollowedPathways) and replaced by what the mutation answers.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { FollowedPathwaysDocument, FollowPathwayDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';

/** The uuids of the pathways the student marked (not the graduation default); skip: not a student. */
export function useFollowedPathways(skip: boolean) {
  const { data, error } = useQuery(FollowedPathwaysDocument, { skip });
  if (error) console.error('Failed to load the followed pathways', error);
  const marked = new Set((data?.followedPathways ?? []).filter((f) => f.marked).map((f) => f.pathway.uuid));
  return { marked, ready: !!data };
}

interface Props {
  pathwayUuid: string;
  following: boolean;
  /** The id of the card heading that names the pathway. */
  describedBy: string;
  onError: (message: string) => void;
}

export function FollowToggle({ pathwayUuid, following, describedBy, onError }: Props) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [follow] = useMutation(FollowPathwayDocument, {
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: FollowedPathwaysDocument, data: { followedPathways: data.followPathway } });
    },
  });
  const toggle = async () => {
    setPending(true);
    try {
      await follow({ variables: { pathwayUuid, follow: !following } });
    } catch (e) {
      onError(messageOr(e, t('pathways.followFailed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className={following ? '' : 'secondary'}
      aria-pressed={following}
      aria-describedby={describedBy}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {following ? t('pathways.following') : t('pathways.follow')}
    </button>
  );
}
