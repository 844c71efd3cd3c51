import { useMutation } from '@apollo/client/react';
import { JoinSchoolDocument, UpdateUserLabelsDocument, type UserType } from '../../graphql/generated';
import { yearLabelsFor } from '../../session/routing';
import { reloadTo } from '../../session/storage';

/** Joining a school: join, set the year labels of its type (students), then /courses (platform §4). */
export function useJoinSchool() {
  const [join, joinState] = useMutation(JoinSchoolDocument);
  const [labels, labelState] = useMutation(UpdateUserLabelsDocument);
  async function joinSchool(uuid: string, userType: UserType | undefined) {
    const { data } = await join({ variables: { uuid } });
    if (!data) throw new Error('No answer');
    if (userType === 'Student') await labels({ variables: { labels: yearLabelsFor(data.joinSchool.schoolType) } });
    reloadTo('/courses');
  }
  return { joinSchool, loading: joinState.loading || labelState.loading };
}
