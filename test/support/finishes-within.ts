import type pg from 'pg';

/** Runs `statement` on `client` and reports whether it has finished within `ms`: whether it waits on another transaction's locks. */
export async function finishesWithin(client: pg.Client, statement: string, ms: number): Promise<{ finished: boolean; done: Promise<unknown> }> {
  let finished = false;
  const done = client.query(statement).then(() => {
    finished = true;
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { finished, done };
}
