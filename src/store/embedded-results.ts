import { messages, type ParserOptions } from '@electric-sql/pglite';

/** A statement's answer as PGlite's `query` gives it, which is what knex and MikroORM read. */
export interface EmbeddedResult<T> {
  rows: T[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows: number;
}

/** Rows a command reports in its tag (`INSERT 0 5`, `UPDATE 3`), as PGlite counts them. */
function affectedBy(tag: string): number {
  const words = tag.split(' ');
  switch (words[0]) {
    case 'INSERT':
      return Number.parseInt(words[2]!, 10);
    case 'UPDATE':
    case 'DELETE':
    case 'COPY':
    case 'MERGE':
      return Number.parseInt(words[1]!, 10);
    default:
      return 0;
  }
}

/**
 * The answer of one statement's exchange, each value read by the instance's parser for its type,
 * as PGlite's own result parser reads it. Not that parser: it copies the instance's 316 parsers
 * into a new object for every statement, 80–100 µs, more than an embedded detail page's query.
 */
export function embeddedResult<T>(answer: readonly unknown[], parsers: ParserOptions): EmbeddedResult<T> {
  let fields: EmbeddedResult<T>['fields'] = [];
  const rows: T[] = [];
  let affectedRows = 0;
  for (const message of answer) {
    if (message instanceof messages.RowDescriptionMessage) fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    else if (message instanceof messages.DataRowMessage) {
      const row: Record<string, unknown> = {};
      message.fields.forEach((value, at) => {
        const { name, dataTypeID } = fields[at]!;
        // PGlite hands each parser the type too (its array parsers are made per type).
        const parse = parsers[dataTypeID] as ((value: string, type: number) => unknown) | undefined;
        row[name] = value === null ? null : parse ? parse(value, dataTypeID) : value;
      });
      rows.push(row as T);
    } else if (message instanceof messages.CommandCompleteMessage) affectedRows += affectedBy(message.text);
  }
  return { rows, fields, affectedRows };
}
