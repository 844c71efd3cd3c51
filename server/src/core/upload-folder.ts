/**
 * Where uploads (rosters, transcripts) are written while they are read: a folder of this app's own under the
 * temporary folder, made at the first upload and removed when the app stops. A roster holds
 * students' names and emails: an upload cut off by a shutdown (its client stalled until the
 * deadline) must not stay on disk, and the process exits before multer would remove it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export class UploadFolder {
  private made: Promise<string> | null = null;
  private closed = false;

  /** The folder (made on first use); refused once the app has stopped. */
  async path(): Promise<string> {
    if (this.closed) throw new Error('The server is stopping: uploads are no longer accepted.');
    this.made ??= mkdtemp(path.join(os.tmpdir(), 'planner-upload-'));
    return this.made;
  }

  /** Removes the folder with whatever is in it, files still being written included. */
  async remove(): Promise<void> {
    this.closed = true;
    const made = this.made;
    this.made = null;
    if (made) await rm(await made, { recursive: true, force: true });
  }
}
