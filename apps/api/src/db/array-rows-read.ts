import { createRequire } from 'node:module';
import pg from 'pg';

/**
 * One named read statement on node-postgres, its rows as arrays of column values (decision 185).
 *
 * It is a node-postgres `Query` that does its own protocol work: the client hands it the
 * connection, and calls its `handle...` methods with the backend's messages. It sends what
 * node-postgres's Query sends for a named statement (Parse once per connection, then Bind,
 * Describe, Execute, Sync) and parses each column with the client's own type parsers, so the rows
 * are the same as `client.query({ name, text, values, rowMode: 'array' })` gives. It skips what
 * that path costs on every call and a read has no use for: the config object cloned through
 * property descriptors, a row template and an event per row, a promise per layer. Those were a
 * sixth of the API's own JavaScript time on a list request. It stays a `Query` (and ends with its
 * own Sync) so that a pipelined client takes it (db/read-lanes.ts, decision 186): node-postgres
 * refuses other query objects there, as they may keep a portal open across round trips.
 */
export function submitNamedRead(
  client: pg.Client,
  statement: { name: string; text: string },
  values: readonly unknown[],
  done: Done,
): void {
  client.query(new ArrayRowsRead(statement, values, client, done) as unknown as pg.Submittable);
}

export type Done = (error: Error | undefined, rows: unknown[][]) => void;
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

/**
 * node-postgres's Query as this file extends it. Its published types declare `submit` as a
 * property and leave out the name, text and row mode it keeps, so they are given here.
 */
const QueryBase = pg.Query as unknown as new (config: {
  name: string;
  text: string;
  rowMode: 'array';
}) => { readonly name: string; readonly text: string };

class ArrayRowsRead extends QueryBase {
  // Not `rows`: node-postgres reads that name as the portal's row limit.
  private readonly collected: unknown[][] = [];
  private parsers: Parser[] = [];
  private failure: Error | undefined;
  private finished = false;

  constructor(
    statement: { name: string; text: string },
    private readonly boundValues: readonly unknown[],
    private readonly client: pg.Client,
    private readonly done: Done,
  ) {
    // node-postgres books the statement as parsed, on ParseComplete, by this name and text.
    super({ name: statement.name, text: statement.text, rowMode: 'array' });
  }

  /**
   * Returns an error instead of throwing it, as node-postgres's Query does: the client may call
   * this from its connection's message handler (a read queued while it connected), where a throw
   * would end the process. The client then hands the error to `handleError`.
   */
  submit(connection: ReadConnection): Error | null {
    const { name, text } = this;
    const known = connection.parsedStatements[name] ?? connection.submittedNamedStatements[name];
    if (known !== undefined && known !== text) {
      return new Error(`Statement ${name} was prepared for another text`);
    }
    // One write for the whole exchange, as node-postgres's Query corks it.
    connection.stream.cork?.();
    try {
      if (known === undefined) {
        connection.parse({ name, text });
        connection.submittedNamedStatements[name] = text;
      }
      connection.bind({
        portal: '',
        statement: name,
        values: this.boundValues,
        valueMapper: valueMapper(),
      });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
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
      this.collected.push(
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
    this.done(error, this.collected);
  }
}
