/** Consent state labels of the students list (planning §2). */
export function consentStateLabel(state: string | null | undefined): string {
  switch (state) {
    case 'admin_signed':
      return 'Needs Student and Parent Signatures';
    case 'student_signed':
      return 'Needs Parent Signature';
    case 'both_signed':
      return 'Completed';
    default:
      return 'Unknown';
  }
}
