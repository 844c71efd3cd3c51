/**
 * Where uploads (rosters, transcripts) are written while they are read: a folder of this app's own under the
 * temporary folder, made at the first upload and removed when the app stops. A roster holds
 * students' names and emails: an upload cut off by a shutdown (its client stalled until the
 * deadline) must not stay on disk, and the process exits before multer would remove it.
 *
 * A process that cannot clean up (SIGKILL, an out-of-memory kill, a crash, the machine losing
 * power) leaves its folder behind. The folder's name carries the process id, so the next process
 * to start on the machine removes the folders of processes that no longer run
 * (removeAbandonedUploadFolders, called at boot). A folder whose process id another running
 * process has since taken stays until that process is gone: kept too long, never removed early.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'planner-upload-';

export class UploadFolder {
  private made: Promise<string> | null = null;
  private closed = false;

  /** The folder (made on first use); refused once the app has stopped. */
  async path(): Promise<string> {
    if (this.closed) throw new Error('The server is stopping: uploads are no longer accepted.');
    this.made ??= mkdtemp(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
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

/** Whether a process with this id runs (EPERM: it does, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the upload folders of processes that ended without removing them; answers the names
 * removed. Called at boot, before the app accepts an upload: a folder with this process's own id is
 * then a previous process's (a restarted container runs the app under the same id again).
 */
export async function removeAbandonedUploadFolders(dir = os.tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    const pid = name.startsWith(PREFIX) ? /^(\d+)-/.exec(name.slice(PREFIX.length))?.[1] : undefined;
    if (!pid || (Number(pid) !== process.pid && running(Number(pid)))) continue;
    await rm(path.join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
