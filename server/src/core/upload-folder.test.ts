import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeAbandonedUploadFolders, UploadFolder } from './upload-folder.js';

/** A process that has run and ended: its id is free again (Linux hands ids out in turn, so none is reused within the test). */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

describe('upload folders left by a stopped process', () => {
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('names its folder with the process id and removes it when the app stops', async () => {
    const folder = new UploadFolder();
    const dir = await folder.path();
    expect(path.basename(dir)).toMatch(new RegExp(`^planner-upload-${process.pid}-`));
    await writeFile(path.join(dir, 'roster.csv'), 'name,email\n');
    await folder.remove();
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
    await expect(folder.path()).rejects.toThrow('The server is stopping');
  });

  it("at boot, removes a dead process's folder with the roster in it, and keeps those of running processes and other files", async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'upload-sweep-'));
    made.push(tmp);
    const dead = await endedPid();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const names = {
        dead: `planner-upload-${dead}-aB3xYz`,
        live: `planner-upload-${sleeper.pid}-Qw9eRt`,
        // At boot this process has made no folder yet: one with its id is a restarted container's predecessor's.
        own: `planner-upload-${process.pid}-Zx8cVb`,
        // An older release's folder (no process id) and files of other programs are not ours to judge.
        older: 'planner-upload-Kp2LmN',
        other: 'something-else-12345-abc',
        hostile: 'planner-upload--1-xx',
      };
      for (const name of Object.values(names)) await mkdir(path.join(tmp, name));
      await writeFile(path.join(tmp, names.dead, 'roster.csv'), 'name,email\nAda Lovelace,ada@lincoln.example\n');

      expect((await removeAbandonedUploadFolders(tmp)).sort()).toEqual([names.dead, names.own].sort());
      expect((await readdir(tmp)).sort()).toEqual([names.hostile, names.live, names.older, names.other].sort());

      // Once the other process has ended, its folder goes too.
      sleeper.kill('SIGKILL');
      await once(sleeper, 'exit');
      expect(await removeAbandonedUploadFolders(tmp)).toEqual([names.live]);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});
