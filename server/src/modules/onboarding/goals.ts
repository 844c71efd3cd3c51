/**
 * The onboarding questions' answers as the generated four-year plan reads them: the goals named in
 * the interests answer, the school's pathways those goals select, and the grade an answer names.
 */

/**
 * Goals (the interests answer of the onboarding questions) and the pathway names they select.
 * Several goals select the union; when no pathway matches any goal, every pathway of the school is used.
 */
export const GOAL_PATHWAY_PATTERNS: Record<string, RegExp> = {
  'graduating from high school': /graduat|diploma|high school/i,
  'taking advanced classes': /advanced|honors|accelerated|\bAP\b|A-G/i,
  'credit towards an AA degree': /\bAA\b|\bAS\b|associate/i,
  "credit towards a bachelor's degree": /bachelor|\bBA\b|\bBS\b|transfer|university|\bUC\b|\bCSU\b|GETC/i,
  'maximum college credit': /college|dual|\bAA\b|associate|transfer|GETC/i,
};

/** The goals named in ed_goals answers (each answer may hold several, joined by ', '). */
export function goalsOf(edGoals: readonly string[] | null | undefined): string[] {
  const known = Object.keys(GOAL_PATHWAY_PATTERNS);
  const found = new Set<string>();
  for (const answer of edGoals ?? []) {
    for (const part of String(answer).split(',')) {
      const p = part.trim().toLowerCase();
      const goal = known.find((g) => g.toLowerCase() === p);
      if (goal) found.add(goal);
    }
  }
  return known.filter((g) => found.has(g));
}

export function selectPathways<P extends { id: number; name: string }>(pathways: readonly P[], goals: readonly string[]): P[] {
  const sorted = [...pathways].sort((a, b) => a.id - b.id);
  const matched = sorted.filter((p) => goals.some((g) => GOAL_PATHWAY_PATTERNS[g]?.test(p.name)));
  return matched.length ? matched : sorted;
}

/** The grade an onboarding answer such as '10th Grade' names, or null. */
export function gradeOfAnswer(answer: string): number | null {
  const m = /^\s*(9|1[0-2])(st|nd|rd|th)\s+grade\s*$/i.exec(answer);
  return m ? Number(m[1]) : null;
}
