/** A catalogue compiled to ICU ASTs at build time (vite.config.ts, the icu-ast plugin). */
declare module '*?icu-ast' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const compiled: Record<string, MessageFormatElement[]>;
  export default compiled;
}
