/** The job queue of transcript imports (a name of its own file: the worker reads it without the service). */
export const TRANSCRIPT_IMPORT_QUEUE = 'transcripts.import';
