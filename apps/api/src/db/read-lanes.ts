import pg from 'pg';
import { submitNamedRead, type Done } from './array-rows-read.ts';

/** At most this many connections carry the named reads (docs/decisions/186). */
export const READ_LANES = 8;
/**
 * A lane takes at least this many reads in flight before another lane is opened. Depths of 4
 * and 6 served fewer reads with no better tail (decision 186).
 */
export const PIPELINE_DEPTH = 8;
/** A lane never holds more reads in flight than this. */
export const MAX_PIPELINE_DEPTH = 32;
/**
 * Past PIPELINE_DEPTH, a lane takes more reads while the reads in flight on it would take less
 * than this to answer, at the time its recent reads took (decision 187): quick reads keep to one
 * connection, whose backend never waits to be woken, and slow ones spread over two.
 */
export const PIPELINE_BUDGET_MS = 2;

export interface ReadLanesOptions {
  /** At most this many connections (READ_LANES). */
  lanes?: number;
  /** PIPELINE_BUDGET_MS. */
  budgetMs?: number;
}

/**
 * The named (prepared) reads, pipelined on a few long-lived connections (decisions 186, 187).
 *
 * A pool gives each read a connection of its own: ten concurrent reads keep ten PostgreSQL
 * backends, each woken for one statement and put to sleep again after it. Here a read goes to the
 * first lane with room, else to a new lane while fewer than `lanes` are open, else to the lane
 * with the fewest reads in flight, and is written at once behind the reads already on it. A lane
 * has room while it holds fewer than PIPELINE_DEPTH reads, or fewer than MAX_PIPELINE_DEPTH whose
 * estimated time to answer (their number times the lane's recent time a read) is under the
 * budget.
 *
 * node-postgres's pipeline mode sends each read's Bind, Describe, Execute and Sync without
 * waiting for the one before to end, and hands the backend's answers back in order. Each read
 * keeps its own Sync, so it runs in its own implicit transaction, sees what was committed before
 * it started, and fails alone: an error in one read leaves the others on the lane untouched.
 *
 * A lane whose connection fails fails the reads in flight on it (node-postgres errors them), is
 * left, and a new one is opened in its place for the next read.
 */
export class ReadLanes {
  private readonly lanes: (Lane | undefined)[];
  private readonly budgetMs: number;

  constructor(
    private readonly config: pg.ClientConfig,
    options: ReadLanesOptions = {},
  ) {
    this.lanes = Array.from({ length: options.lanes ?? READ_LANES }, () => undefined);
    this.budgetMs = options.budgetMs ?? PIPELINE_BUDGET_MS;
  }

  read(
    statement: { name: string; text: string },
    values: readonly unknown[],
  ): Promise<unknown[][]> {
    return new Promise((resolve, reject) => {
      this.pick().read(statement, values, (error, rows) => {
        if (error) reject(error);
        else resolve(rows);
      });
    });
  }

  /** Ends every lane once its reads in flight have been answered. */
  async close(): Promise<void> {
    const open = this.lanes.filter((lane): lane is Lane => lane !== undefined);
    this.lanes.fill(undefined);
    await Promise.all(open.map((lane) => lane.close()));
  }

  private pick(): Lane {
    let least: Lane | undefined;
    let free = -1;
    for (let index = 0; index < this.lanes.length; index++) {
      const lane = this.lanes[index];
      if (lane === undefined || lane.broken) {
        if (free < 0) free = index;
      } else if (lane.hasRoom(this.budgetMs)) {
        return lane;
      } else if (least === undefined || lane.inFlight < least.inFlight) {
        least = lane;
      }
    }
    if (free >= 0) {
      const lane = new Lane(this.config, this.budgetMs / PIPELINE_DEPTH);
      this.lanes[free] = lane;
      return lane;
    }
    // Every slot holds a lane that is open and full.
    return least as Lane;
  }
}

class Lane {
  inFlight = 0;
  /** The connection failed or ended: no new read goes to this lane. */
  broken = false;
  private readonly client: pg.Client;
  /** When the last read on this lane was answered (performance.now() ms). */
  private lastAnswerAt = 0;

  /**
   * `msPerRead`: how long a read holds this lane, a moving average over about its last 16 reads.
   * A new lane starts where it has room for PIPELINE_DEPTH reads and no more.
   */
  constructor(
    config: pg.ClientConfig,
    private msPerRead: number,
  ) {
    this.client = new pg.Client({ ...config, pipeline: true });
    const broken = () => {
      this.broken = true;
    };
    // node-postgres fails every read queued or in flight on the connection itself; without a
    // listener its 'error' event would end the process.
    this.client.on('error', broken);
    this.client.on('end', broken);
    // Reads submitted while it connects wait in node-postgres's queue and are sent once it is
    // ready, or fail with the connection's error.
    this.client.connect((error?: Error) => {
      if (error) broken();
    });
  }

  hasRoom(budgetMs: number): boolean {
    if (this.inFlight < PIPELINE_DEPTH) return true;
    return this.inFlight < MAX_PIPELINE_DEPTH && this.inFlight * this.msPerRead < budgetMs;
  }

  read(statement: { name: string; text: string }, values: readonly unknown[], done: Done): void {
    this.inFlight++;
    const sentAt = performance.now();
    // A read node-postgres refuses also ends through `done` (its submit returns the error).
    submitNamedRead(this.client, statement, values, (error, rows) => {
      this.inFlight--;
      // The answers come in order: this read held the lane from when it was sent, or from the
      // answer before it if that came later.
      const answeredAt = performance.now();
      const held = answeredAt - Math.max(sentAt, this.lastAnswerAt);
      this.lastAnswerAt = answeredAt;
      this.msPerRead += (held - this.msPerRead) / 16;
      done(error, rows);
    });
  }

  async close(): Promise<void> {
    this.broken = true;
    await this.client.end().catch(() => undefined);
  }
}
