import { describe, expect, it } from 'vitest';
import { openDuckDb } from './duckdb';

// Closing DuckDB under a running query left a native thread behind and the process never exited
// (a SIGTERM during a scheduler run hung the server): close waits for the connections in use.
describe('closing a DuckDB database', () => {
  it('waits for the query or transaction in progress, and refuses new ones meanwhile', async () => {
    const db = await openDuckDb({ file: ':memory:', poolSize: 2 });
    let finish!: () => void;
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (tx) => {
      inside();
      await new Promise<void>((resolve) => (finish = resolve));
      return (await tx.query<{ n: number }>('SELECT 42 AS n'))[0].n;
    });
    await entered;

    let closed = false;
    const closing = db.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    await expect(db.query('SELECT 1')).rejects.toThrow('The database is closed');

    finish();
    expect(await transaction).toBe(42); // the transaction in progress completes on its connection
    await closing;
    expect(closed).toBe(true);
  });
});
