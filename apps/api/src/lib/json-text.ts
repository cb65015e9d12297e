import { randomUUID } from 'node:crypto';

/**
 * A value that is already JSON text: a list's page of items as PostgreSQL wrote it
 * (db/list-pipeline.ts, docs/decisions/171). `serializeWithJsonText` writes the text into the
 * answer as it is, so the rows are neither parsed by the driver nor mapped nor stringified again.
 * `T` is what the text holds, for the route's types (`Serialized`).
 */
export class JsonText<T> {
  declare readonly holds?: T;
  constructor(readonly text: string) {}

  /**
   * Inside serializeWithJsonText: a marker that the text replaces (see there). Anywhere else (a
   * plain JSON.stringify) the value the text holds, so it is written right, only slower.
   */
  toJSON(): unknown {
    return writing ? `${MARK}${writing.push(this.text) - 1}` : (JSON.parse(this.text) as T);
  }
}

/** `T` with its field `K` (a list of items) held as JSON text. */
export type WithJsonText<T, K extends keyof T> = Omit<T, K> & { [P in K]: JsonText<T[P]> };

/** What JSON.stringify with `serializeWithJsonText` makes of a value's type. */
export type Serialized<T> =
  T extends JsonText<infer Held>
    ? Held
    : T extends readonly (infer Element)[]
      ? Serialized<Element>[]
      : T extends Date
        ? string
        : T extends object
          ? { [K in keyof T]: Serialized<T[K]> }
          : T;

/** The route's answer as its response schema types it: each JsonText becomes what it holds. */
export function asSerialized<T>(data: T): Serialized<T> {
  return data as Serialized<T>;
}

// A string no answer can contain by chance: this process's own random marker, then the index.
const MARK = `jsontext:${randomUUID()}:`;
/** A marker as JSON.stringify writes it: in quotes (the mark has nothing it would escape). */
const MARKED = `"${MARK}`;
/** The texts of the answer being written (JSON.stringify runs synchronously, one at a time). */
let writing: string[] | null = null;

/**
 * JSON.stringify, except that every JsonText is written as its text. A JsonText stands in the
 * answer as a marker string first (its toJSON, which keeps JSON.stringify on its fast path, unlike
 * a replacer function); the markers are then replaced by the texts they stand for.
 */
export function serializeWithJsonText(data: unknown): string {
  const texts: string[] = [];
  writing = texts;
  let json: string;
  try {
    json = JSON.stringify(data);
  } finally {
    writing = null;
  }
  if (texts.length === 0) return json;
  // Found with indexOf rather than a global regular expression with a replacer function: a third
  // less time for a list's answer (docs/decisions/182).
  let answer = '';
  let from = 0;
  for (let at = json.indexOf(MARKED); at !== -1; at = json.indexOf(MARKED, from)) {
    const close = json.indexOf('"', at + MARKED.length);
    answer +=
      json.slice(from, at) + (texts[Number(json.slice(at + MARKED.length, close))] ?? 'null');
    from = close + 1;
  }
  return answer + json.slice(from);
}
