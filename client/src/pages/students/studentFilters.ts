/** The students list's dashboard filters, kept in the address (?consent_state=&ccc_apply_status=&plan=) so a filtered list can be shared and reloaded. */
import { useSearchParams } from 'react-router-dom';
import type { ConsentFilter, StudentPlanFilter } from '../../graphql/generated';

export const FILTER_PARAMS = ['consent_state', 'ccc_apply_status', 'plan'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

export interface StudentFilters {
  consentState: ConsentFilter | null;
  cccApplyStatus: string | null;
  plan: StudentPlanFilter | null;
}

export function filtersFrom(params: URLSearchParams): StudentFilters {
  return {
    // Sent as the address has them: the server refuses a value it does not know, and the list shows that error.
    consentState: (params.get('consent_state') || null) as ConsentFilter | null,
    cccApplyStatus: params.get('ccc_apply_status') || null,
    plan: (params.get('plan') || null) as StudentPlanFilter | null,
  };
}

/** The GraphQL variables of the students query for the filters in the address. */
export function useStudentFilters(): StudentFilters {
  const [params] = useSearchParams();
  return filtersFrom(params);
}

/** Sets one filter (replacing the others: one chart at a time), or clears them all with null. */
export function useSetStudentFilter(): (param: FilterParam | null, value?: string) => void {
  const [, setParams] = useSearchParams();
  return (param, value) => setParams(param && value ? { [param]: value } : {}, { replace: false });
}
