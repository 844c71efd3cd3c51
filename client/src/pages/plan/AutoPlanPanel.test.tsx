import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, loadCatalogue, setCurrentLocale } from '../../i18n';
import { SessionProvider } from '../../session/SessionProvider';
import { WhatIfPlansDocument } from '../../graphql/generated';
import { AutoPlanPathwaysDocument, GeneratePlanDocument, ReplacePlanWithGeneratedDocument, SaveGeneratedPlanDocument } from './auto-plan.generated';
import { AutoPlanPanel, ShortfallText } from './AutoPlanPanel';

const pathwaysFor = (variables: Record<string, unknown>, followed: number[]) => ({
  request: { query: AutoPlanPathwaysDocument, variables },
  result: {
    data: {
      pathways: {
        __typename: 'PathwayConnection',
        nodes: [
          { __typename: 'Pathway', id: 4, name: 'UC/CSU Transfer Ready' },
          { __typename: 'Pathway', id: 5, name: 'STEM' },
        ],
      },
      followedPathways: followed.map((id) => ({ __typename: 'FollowedPathway', pathway: { __typename: 'Pathway', id } })),
    },
  },
});
const pathwaysMock = pathwaysFor({}, []);

const generated = (o: Record<string, unknown>) => ({
  request: { query: GeneratePlanDocument, variables: { input: { pathwayIds: [4], movePlanned: false } } },
  result: { data: { generatePlan: { __typename: 'AutoPlan', terms: 0, timeLimitSeconds: 10, entries: [], shortfalls: [], ...o } } },
});

const entry = (courseId: number, courseCode: string, title: string, termLabel: string, added: boolean) => ({
  __typename: 'GeneratedEntry',
  courseId,
  courseCode,
  title,
  term: 1,
  termLabel,
  added,
  movedFrom: null,
});

async function generateFor(mock: ReturnType<typeof generated>, more: MockLink.MockedResponse[] = [], onSaved: (id: number) => void = () => {}) {
  render(
    <MockedProvider mocks={[pathwaysMock, mock, ...more]}>
      <AutoPlanPanel onSaved={onSaved} />
    </MockedProvider>,
  );
  const button = screen.getByRole('button', { name: 'Generate a plan' });
  expect((button as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(await screen.findByLabelText('UC/CSU Transfer Ready'));
  fireEvent.click(button);
}

describe('Generate a plan', () => {
  it('ticks the pathways the student follows, and the reader may change the choice', async () => {
    render(
      <MockedProvider mocks={[pathwaysFor({}, [5])]}>
        <AutoPlanPanel onSaved={() => {}} />
      </MockedProvider>,
    );
    const stem = (await screen.findByLabelText('STEM')) as HTMLInputElement;
    await waitFor(() => expect(stem.checked).toBe(true));
    expect((screen.getByLabelText('UC/CSU Transfer Ready') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Generate a plan' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(stem);
    expect(stem.checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Generate a plan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('previews what the plan would add and where, and keeps what was there out of the list', async () => {
    await generateFor(
      generated({
        status: 'OPTIMAL',
        terms: 3,
        entries: [
          entry(1, 'ENG 1', 'English', '9th Grade', false),
          entry(2, 'MATH 1', 'Algebra', '10th Grade', true),
          entry(3, 'MATH 2', 'Geometry', '11th Grade', true),
        ],
      }),
    );
    expect(await screen.findByText('Every requirement is met in the fewest terms possible: 3 terms.')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['MATH 1 Algebra: add in 10th Grade', 'MATH 2 Geometry: add in 11th Grade']);
  });

  it('says when the time limit ran out before a proof, and still offers the best plan found', async () => {
    await generateFor(generated({ status: 'UNPROVEN', terms: 4, timeLimitSeconds: 10, entries: [entry(2, 'MATH 1', 'Algebra', '10th Grade', true)] }));
    expect(await screen.findByText('This could not be proven within 10 s. Here is the best plan found.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['MATH 1 Algebra: add in 10th Grade']);
    expect(screen.getByRole('button', { name: 'Save as a what-if plan' })).toBeTruthy();
  });

  it('saves the preview as a what-if plan named for the pathway, then shows it', async () => {
    const savedIds: number[] = [];
    const saved = {
      request: { query: SaveGeneratedPlanDocument, variables: { input: { pathwayIds: [4], movePlanned: false }, name: 'UC/CSU Transfer Ready' } },
      result: { data: { saveGeneratedPlan: 31 } },
    };
    const list = {
      request: { query: WhatIfPlansDocument },
      result: { data: { whatIfPlans: { __typename: 'WhatIfPlanList', studentId: 7, plans: [], canEdit: true, limit: 5 } } },
    };
    await generateFor(generated({ status: 'OPTIMAL', terms: 2, entries: [entry(2, 'MATH 1', 'Algebra', '10th Grade', true)] }), [saved, list], (id) => savedIds.push(id));
    const name = (await screen.findByLabelText('What-if plan name')) as HTMLInputElement;
    expect(name.value).toBe('UC/CSU Transfer Ready');
    fireEvent.click(screen.getByRole('button', { name: 'Save as a what-if plan' }));
    await waitFor(() => expect(savedIds).toEqual([31]));
  });

  it("replaces the student's own plan with the preview and says what changed", async () => {
    const replaced = {
      request: { query: ReplacePlanWithGeneratedDocument, variables: { input: { pathwayIds: [4], movePlanned: false } } },
      result: { data: { replacePlanWithGenerated: { __typename: 'ReplacedPlan', added: 2, moved: 0 } } },
    };
    await generateFor(
      generated({ status: 'OPTIMAL', terms: 2, entries: [entry(2, 'MATH 1', 'Algebra', '10th Grade', true), entry(3, 'MATH 2', 'Geometry', '11th Grade', true)] }),
      [replaced],
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Replace my plan' }));
    expect(await screen.findByText('Your plan is now the generated plan: 2 courses added, 0 courses moved.')).toBeTruthy();
    // The preview is gone with its buttons: the plan page below shows the plan itself.
    expect(screen.queryByRole('button', { name: 'Replace my plan' })).toBeNull();
  });

  it('offers no "Replace my plan" to a counselor generating for a student of the caseload', async () => {
    const mock = {
      request: { query: GeneratePlanDocument, variables: { input: { studentId: 7, pathwayIds: [4], movePlanned: false } } },
      result: {
        data: {
          generatePlan: {
            __typename: 'AutoPlan',
            status: 'OPTIMAL',
            terms: 2,
            timeLimitSeconds: 10,
            entries: [entry(2, 'MATH 1', 'Algebra', '10th Grade', true)],
            shortfalls: [],
          },
        },
      },
    };
    render(
      <MockedProvider mocks={[pathwaysFor({ studentId: 7 }, []), mock]}>
        <AutoPlanPanel onSaved={() => {}} studentId={7} />
      </MockedProvider>,
    );
    fireEvent.click(await screen.findByLabelText('UC/CSU Transfer Ready'));
    fireEvent.click(screen.getByRole('button', { name: 'Generate a plan' }));
    expect(await screen.findByRole('button', { name: 'Save as a what-if plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace my plan' })).toBeNull();
  });

  it('explains an impossible pathway: which requirement, by how much, and what blocks it', async () => {
    await generateFor(
      generated({
        status: 'INFEASIBLE',
        shortfalls: [
          {
            __typename: 'PlanShortfall',
            requirementId: 9,
            requirementName: 'Mathematics',
            pathwayName: 'UC/CSU Transfer Ready',
            missingCourses: 0,
            missingUnits: 2,
            blockedBy: [
              {
                __typename: 'PlanBlocker',
                reason: 'PREREQUISITE_TOO_LATE',
                courseCode: 'MATH 7',
                prerequisiteCode: 'MATH 2',
                requirementName: null,
                offeredTerms: null,
                lastTermLabel: null,
              },
            ],
          },
        ],
      }),
    );
    expect(
      await screen.findByText(
        'UC/CSU Transfer Ready: Mathematics cannot be met. 2 more units of Mathematics are needed. MATH 7 needs MATH 2, which does not fit early enough.',
        { normalizer: (s) => s.replace(/\s+/g, ' ').trim() },
      ),
    ).toBeTruthy();
  });
});

describe("why a pathway cannot be met, in the reader's language", () => {
  afterEach(() => {
    setCurrentLocale('en');
    localStorage.removeItem('locale');
  });

  // The example: MATH 7 is offered only in fall, and MATH 2 cannot come before the last fall.
  const shortfall = {
    __typename: 'PlanShortfall' as const,
    requirementId: 9,
    requirementName: 'Mathematics',
    pathwayName: 'UC/CSU Transfer Ready',
    missingCourses: 0,
    missingUnits: 2,
    blockedBy: [
      {
        __typename: 'PlanBlocker' as const,
        reason: 'NOT_OFFERED' as const,
        courseCode: 'MATH 7',
        prerequisiteCode: 'MATH 2',
        requirementName: null,
        offeredTerms: ['fall'],
        lastTermLabel: '12th Grade',
      },
      {
        __typename: 'PlanBlocker' as const,
        reason: 'NOT_OFFERED' as const,
        courseCode: 'MATH 9',
        prerequisiteCode: null,
        requirementName: null,
        offeredTerms: ['fall', 'summer'],
        lastTermLabel: null,
      },
    ],
  };

  async function read(locale: 'en' | 'es' | 'vi' | 'zh'): Promise<string> {
    await loadCatalogue(locale);
    localStorage.setItem('locale', locale);
    render(
      <MockedProvider mocks={[]}>
        <SessionProvider>
          <I18nProvider>
            <p data-testid="why">
              <ShortfallText shortfall={shortfall} />
            </p>
          </I18nProvider>
        </SessionProvider>
      </MockedProvider>,
    );
    return ((await screen.findByTestId('why')).textContent ?? '').replace(/\s+/g, ' ').trim();
  }

  it('names the requirement, by how much, the seasons and the term the prerequisite does not fit before (English)', async () => {
    expect(await read('en')).toBe(
      'UC/CSU Transfer Ready: Mathematics cannot be met. 2 more units of Mathematics are needed. MATH 7 is offered only in fall and needs MATH 2, which does not fit before 12th Grade. MATH 9 is offered only in fall and summer, and in no term left.',
    );
  });

  it('says the same in Spanish, with the term label translated', async () => {
    const text = await read('es');
    expect(text).toContain('MATH 7 se ofrece solo en otoño y requiere MATH 2, que no cabe antes de ');
    expect(text).toContain('MATH 9 se ofrece solo en otoño y verano, y en ningún período que queda.');
    expect(text).not.toContain('12th Grade');
  });
});
