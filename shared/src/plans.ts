/** Plan values checked on both sides: the server refuses, the client's inputs stop typing. */

/** The longest term label (the academic-year labels of the profile and a plan's term labels). */
export const MAX_LABEL_LENGTH = 60;
