import test from 'ava';
import fc from 'fast-check';
import { statementCount } from '../../src/store/sql-statement-count.js';

test('separators count only outside literals, quoted names, dollar-quoted bodies and comments', (t) => {
  t.is(statementCount(`insert into notes (body) values ('a bad deploy; rolling back') returning "id"`), 1);
  t.is(statementCount(`insert into notes (body) values ('it''s; fine')`), 1);
  t.is(statementCount(`select E'a\\'; b'`), 1);
  t.is(statementCount(`select "odd;name" from t`), 1);
  t.is(statementCount(`create function f() returns trigger language plpgsql as $$ begin perform 1; return null; end $$;`), 1);
  t.is(statementCount(`do $body$ begin perform 1; end $body$`), 1);
  t.is(statementCount(`select 1 -- a comment; still one\n`), 1);
  t.is(statementCount(`select /* one; /* nested; */ still */ 1`), 1);
  t.is(statementCount(`select $1; select $2`), 2, '$1 is a parameter, not a dollar quote');
  t.is(statementCount(`create table a (x int); create index on a (x);`), 2);
  t.is(statementCount(`select 1;;  ; -- nothing after\n`), 1);
  t.is(statementCount(''), 0);
});

test('any text quoted as MikroORM inlines it stays one statement', (t) => {
  const quoted = (text: string): string => `'${text.replace(/'/g, "''")}'`;
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => {
      t.is(statementCount(`insert into notes (body, at) values (${quoted(text)}, now()) returning "id"`), 1);
    }),
  );
});
