/**
 * How every catalogue message is parsed as ICU, at build time (vite.config.ts) and in the tests:
 * "<" is plain text in our messages, not a rich-text tag.
 */
export const ICU_PARSE_OPTIONS = { ignoreTag: true, shouldParseSkeletons: true } as const;
