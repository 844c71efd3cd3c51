/**
 * The one global the shared code uses that the ES library leaves out: the console, which both the
 * browser and Node have. The package compiles without DOM and Node types so that nothing here
 * reaches for an API only one side has.
 */
declare const console: { error(...args: unknown[]): void; warn(...args: unknown[]): void };
