import { describe, expect, it } from 'vitest';
import { followRosterImport, type RosterImportFields } from './uploadRoster';

const reading = (state: string, doneRows: number): RosterImportFields => ({
  id: 'r-1',
  state,
  totalRows: 450,
  doneRows,
  created: doneRows,
  updated: 0,
  emailed: doneRows,
  errors: [],
  notices: [],
  error: null,
});

describe('following a roster import', () => {
  it('reports rows done of total until the import is done, and answers the last reading', async () => {
    const readings = [reading('queued', 0), reading('running', 200), reading('running', 400), reading('done', 450)];
    const seen: string[] = [];
    let waits = 0;
    const last = await followRosterImport(
      async (id) => {
        expect(id).toBe('r-1');
        return readings.shift()!;
      },
      'r-1',
      (p) => seen.push(`${p.doneRows}/${p.totalRows}`),
      async () => {
        waits += 1;
      },
    );
    expect(seen).toEqual(['0/450', '200/450', '400/450', '450/450']);
    expect(waits).toBe(3);
    expect(last).toMatchObject({ state: 'done', created: 450 });
  });

  it('stops at a failed import', async () => {
    const last = await followRosterImport(
      async () => ({ ...reading('failed', 200), error: 'The import stopped before the end.' }),
      'r-1',
      () => {},
      async () => {},
    );
    expect(last).toMatchObject({ state: 'failed', error: 'The import stopped before the end.' });
  });
});
