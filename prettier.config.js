/**
 * Prettier, as the code is written: single quotes, semicolons and trailing commas wherever a list
 * may take one (Prettier's defaults), and long lines. A width of 170 rewrites the fewest lines of the
 * tree (measured at 120, 140, 160, 170, 180, 190, 200 and 240). `npm run format` writes,
 * `npm run format:check` (part of `npm run lint`) checks.
 */
export default {
  singleQuote: true,
  printWidth: 170,
};
