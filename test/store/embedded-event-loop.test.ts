import test from 'ava';
import { closeStore, openStore, type Store } from '../../src/store/orm.js';
import { preparedRows } from '../../src/store/prepared-rows.js';

/**
 * With the embedded database on the process's thread, statements awaited one after another never
 * left the microtask queue: a timer, or a request that arrived meanwhile, waited for the whole
 * chain, or for transactions queued for the one connection (0.5–1.1 s of `serve`'s engine at 10,000
 * checks). On its own thread (embedded-database-thread.ts) each answer arrives as a message, as a
 * statement to PostgreSQL answers on its socket. These run on the embedded database whatever
 * DATABASE_URL says: on PostgreSQL the socket already yields.
 */
const STATEMENTS = 40;

/** How many of a chain of statements had answered when a timer set at the chain's start ran. */
async function answeredBeforeTimer(statement: () => Promise<unknown>): Promise<number> {
  let answered = 0;
  let answeredAtTimer = -1;
  setTimeout(() => (answeredAtTimer = answered), 0);
  for (let i = 0; i < STATEMENTS; i += 1) {
    await statement();
    answered += 1;
  }
  return answeredAtTimer;
}

const withEmbeddedStore = async (run: (store: Store) => Promise<void>): Promise<void> => {
  const store = await openStore({});
  try {
    // The first statement also starts PGlite: not part of what is measured.
    await store.em.fork().getConnection().execute('select 1');
    await run(store);
  } finally {
    await closeStore(store);
  }
};

test('a timer due during a chain of the ORM’s statements runs between them, not after the chain', async (t) => {
  await withEmbeddedStore(async (store) => {
    const connection = store.em.fork().getConnection();
    const answered = await answeredBeforeTimer(() => connection.execute('select pg_sleep(0.001)'));
    t.true(answered >= 0 && answered < STATEMENTS / 2, `the timer ran after ${answered} of ${STATEMENTS} statements`);
  });
});

test('a timer due during a chain of prepared reads runs between them, not after the chain', async (t) => {
  await withEmbeddedStore(async (store) => {
    const answered = await answeredBeforeTimer(() => preparedRows(store.em.fork(), 'select ?::int as n, pg_sleep(0.001)', [1]));
    t.true(answered >= 0 && answered < STATEMENTS / 2, `the timer ran after ${answered} of ${STATEMENTS} reads`);
  });
});

test('a timer due while transactions queue for the one connection runs between them, not after the queue', async (t) => {
  await withEmbeddedStore(async (store) => {
    let committed = 0;
    let committedAtTimer = -1;
    // Started together: each waits for the connection the one before it gives back. The timer is set once the
    // first has committed, when the others already wait for the connection.
    const commits = () => {
      committed += 1;
      if (committed === 1) setTimeout(() => (committedAtTimer = committed), 0);
    };
    await Promise.all(
      Array.from({ length: STATEMENTS }, () =>
        store.em.fork().transactional(async (em) => {
          for (let i = 0; i < 3; i += 1) await em.getConnection().execute('select pg_sleep(0.001)', [], 'all', em.getTransactionContext());
        }).then(commits),
      ),
    );
    t.true(committedAtTimer >= 0 && committedAtTimer < STATEMENTS / 2, `the timer ran after ${committedAtTimer} of ${STATEMENTS} transactions`);
  });
});

test('a transaction’s statements still run in order and alone: a read from outside waits for its commit', async (t) => {
  await withEmbeddedStore(async (store) => {
    const connection = store.em.fork().getConnection();
    await connection.execute('create table turns (n int)');
    const outside = store.em.fork();
    let outsideSaw = -1;
    await store.em.fork().transactional(async (em) => {
      for (let n = 1; n <= 5; n += 1) await em.getConnection().execute(`insert into turns values (${n})`, [], 'run', em.getTransactionContext());
      // A read from outside the transaction waits for the one connection, so it sees none of the uncommitted rows.
      void preparedRows<{ n: number }>(outside, 'select count(*)::int as n from turns where n > ?', [0]).then(([row]) => (outsideSaw = row!.n));
      await new Promise((resolve) => setTimeout(resolve, 20));
      t.is(outsideSaw, -1, 'the outside read waited for the transaction');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    t.is(outsideSaw, 5, 'then saw every row the transaction committed');
    const rows = await connection.execute<Array<{ n: number }>>('select n from turns order by n');
    t.deepEqual(rows.map((row) => row.n), [1, 2, 3, 4, 5]);
  });
});
