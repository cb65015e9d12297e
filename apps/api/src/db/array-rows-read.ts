import { createRequire } from 'node:module';
import type { Pool, PoolClient, Submittable } from 'pg';

/**
 * One named read statement on node-postgres, its rows as arrays of column values (decision 185).
 *
 * This is node-postgres's own extension point (a "submittable", as pg-cursor and pg-query-stream
 * are): the client hands it the connection, and calls its `handle...` methods with the backend's
 * messages. It sends what node-postgres's Query sends for a named statement (Parse once per
 * connection, then Bind, Describe, Execute, Sync) and parses each column with the client's own
 * type parsers, so the rows are the same as `pool.query({ name, text, values, rowMode: 'array' })`
 * gives. It skips what that path costs on every call and a read has no use for: the config object
 * cloned through property descriptors, an EventEmitter and a Result per query, a promise per
 * layer. Those were a sixth of the API's own JavaScript time on a list request.
 */
export function readNamedRows(
  pool: Pool,
  statement: { name: string; text: string },
  values: readonly unknown[],
): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    pool.connect((connectError, client, release) => {
      if (connectError || !client) {
        reject(connectError ?? new Error('The pool gave no connection'));
        return;
      }
      const read = new ArrayRowsRead(statement, values, client, (error, rows) => {
        // As pool.query does: a connection that failed a statement is not given out again.
        release(error);
        if (error) reject(error);
        else resolve(rows);
      });
      client.query(read as unknown as Submittable);
    });
  });
}

type Done = (error: Error | undefined, rows: unknown[][]) => void;
type Parser = (text: string) => unknown;

/** What of node-postgres's Connection a read uses (its protocol writer, and its statement books). */
interface ReadConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  parse(message: { name: string; text: string }): void;
  bind(message: {
    portal: string;
    statement: string;
    values: readonly unknown[];
    valueMapper: ValueMapper;
  }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

interface RowDescription {
  fields: readonly { dataTypeID: number; format?: string }[];
}

type ValueMapper = (value: unknown) => unknown;
let prepareValue: ValueMapper | undefined;

/** node-postgres's own conversion of bound values (dates, buffers, arrays, objects as JSON). */
function valueMapper(): ValueMapper {
  prepareValue ??= (
    createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: ValueMapper }
  ).prepareValue;
  return prepareValue;
}

class ArrayRowsRead {
  /** Read by node-postgres: it books the statement as parsed on ParseComplete by these two. */
  readonly name: string;
  readonly text: string;
  private readonly rows: unknown[][] = [];
  private parsers: Parser[] = [];
  private failure: Error | undefined;
  private finished = false;

  constructor(
    statement: { name: string; text: string },
    private readonly values: readonly unknown[],
    private readonly client: PoolClient,
    private readonly done: Done,
  ) {
    this.name = statement.name;
    this.text = statement.text;
  }

  submit(connection: ReadConnection): null {
    // One write for the whole exchange, as node-postgres's Query corks it.
    connection.stream.cork?.();
    try {
      const known =
        connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name];
      if (known === undefined) {
        connection.parse({ name: this.name, text: this.text });
        connection.submittedNamedStatements[this.name] = this.text;
      } else if (known !== this.text) {
        throw new Error(`Statement ${this.name} was prepared for another text`);
      }
      connection.bind({
        portal: '',
        statement: this.name,
        values: this.values,
        valueMapper: valueMapper(),
      });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: RowDescription): void {
    this.parsers = message.fields.map(
      (field) => this.client.getTypeParser(field.dataTypeID, 'text') as Parser,
    );
  }

  handleDataRow(message: { fields: readonly (string | null)[] }): void {
    if (this.failure) return;
    try {
      this.rows.push(
        message.fields.map((value, index) =>
          value === null ? null : (this.parsers[index] ?? String)(value),
        ),
      );
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: ReadConnection): void {
    connection.sendCopyFail('A read does not copy');
  }

  handleCopyData(): void {}

  /** The backend's error, or the connection's: node-postgres sends no ReadyForQuery after it. */
  handleError(error: Error): void {
    this.finish(this.failure ?? error);
  }

  handleReadyForQuery(): void {
    this.finish(this.failure);
  }

  private finish(error: Error | undefined): void {
    if (this.finished) return;
    this.finished = true;
    this.done(error, this.rows);
  }
}
