/**
 * Staff: the "Graduation pathway" of their school, the pathway the caseload measures a student who
 * follows none against. Not chosen, the server uses the school's pathway whose name contains
 * "graduation" (caseload/followed-pathways.ts). The choices are the school's own pathways among
 * those listed (the server refuses another school's).
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { SchoolGraduationPathwayDocument, SetGraduationPathwayDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';
import { SaveNoticeLine, type SaveNotice } from '../../components/SaveNotice';

interface Props {
  pathways: readonly { uuid: string; name: string }[];
}

export function GraduationPathwaySelect({ pathways }: Props) {
  const t = useT();
  const id = useId();
  const { data } = useQuery(SchoolGraduationPathwayDocument);
  const [save, { loading }] = useMutation(SetGraduationPathwayDocument);
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const current = data?.currentUser?.school?.graduationPathwayUuid ?? '';
  const choose = async (uuid: string) => {
    setNotice(null);
    try {
      await save({ variables: { pathwayUuid: uuid || null } });
      setNotice({ ok: true, text: t('pathways.graduationPathwaySaved') });
    } catch (e) {
      setNotice({ ok: false, text: messageOr(e, t('pathways.graduationPathwayFailed')) });
    }
  };
  return (
    <div className="stack" style={{ maxWidth: 420 }}>
      <label>
        {t('pathways.graduationPathway')}
        <select value={current} disabled={loading || !data} aria-describedby={`${id}-hint`} onChange={(e) => void choose(e.target.value)}>
          <option value="">{t('pathways.graduationPathwayByName')}</option>
          {pathways.map((p) => (
            <option key={p.uuid} value={p.uuid}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <p id={`${id}-hint`} className="muted" style={{ margin: 0 }}>
        {t('pathways.graduationPathwayHint')}
      </p>
      <SaveNoticeLine notice={notice} />
    </div>
  );
}
