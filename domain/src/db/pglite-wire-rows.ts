/**
 * Reads the rows of PostgreSQL's answer to one statement, as bytes from the database thread
 * (pglite-thread-wire.mjs), into the result PGlite's `query` gives: the same fields, rows (objects
 * or arrays) and affected rows, each value parsed by PGlite's parser for its type (its array types'
 * too), or by the caller's parsers where it gives them. Straight from the bytes: no per-field copy.
 */
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';

type Parser = (text: string, typeId: number) => unknown;

/** PGlite's parsers by type, with those of the database's array types (their element types' known). */
export function defaultParsers(arrayTypes: [number, number][]): Record<number, Parser> {
  const parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>) };
  for (const [arrayType, elementType] of arrayTypes) {
    parsers[arrayType] = (text) => types.arrayParser(text, (value: string) => (parsers[elementType] ? parsers[elementType]!(value, elementType) : value), arrayType);
  }
  return parsers;
}

/** The commands whose tag's count PGlite adds to `affectedRows`. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

interface Field {
  name: string;
  dataTypeID: number;
}

/** 'T' RowDescription, from `p`: per column its name, table, column number, type, size, modifier, format. */
function readFields(buffer: Buffer, p: number): Field[] {
  const count = buffer.readUInt16BE(p);
  p += 2;
  const fields: Field[] = [];
  for (let i = 0; i < count; i++) {
    const end = buffer.indexOf(0, p);
    const name = buffer.toString('utf8', p, end);
    p = end + 1;
    fields.push({ name, dataTypeID: buffer.readUInt32BE(p + 6) });
    p += 18;
  }
  return fields;
}

/** 'D' DataRow, from `p`: per column a length (-1 for null) and its text, parsed by its column's parser. */
function readRow(buffer: Buffer, p: number, fields: Field[], columnParsers: (Parser | undefined)[], arrays: boolean): Record<string, unknown> | unknown[] {
  const count = buffer.readUInt16BE(p);
  p += 2;
  const row: Record<string, unknown> | unknown[] = arrays ? [] : {};
  for (let i = 0; i < count; i++) {
    const size = buffer.readInt32BE(p);
    p += 4;
    let value: unknown = null;
    if (size >= 0) {
      const text = buffer.toString('utf8', p, p + size);
      p += size;
      const parse = columnParsers[i];
      value = parse ? parse(text, fields[i]!.dataTypeID) : text;
    }
    if (arrays) (row as unknown[])[i] = value;
    else (row as Record<string, unknown>)[fields[i]!.name] = value;
  }
  return row;
}

export function readAnswer<T>(bytes: Uint8Array, defaults: Record<number, Parser>, options: Pick<QueryOptions, 'rowMode' | 'parsers'> = {}): Results<T> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parsers = options.parsers ? { ...defaults, ...(options.parsers as Record<number, Parser>) } : defaults;
  const arrays = options.rowMode === 'array';
  let fields: Field[] = [];
  let columnParsers: (Parser | undefined)[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  let completed = false;
  for (let at = 0; at + 5 <= buffer.length; ) {
    const code = buffer[at];
    const length = buffer.readUInt32BE(at + 1);
    const p = at + 5;
    if (code === 0x54) {
      fields = readFields(buffer, p);
      columnParsers = fields.map((field) => parsers[field.dataTypeID]);
    } else if (code === 0x44) {
      rows.push(readRow(buffer, p, fields, columnParsers, arrays));
    } else if (code === 0x43 && !completed) {
      // 'C' CommandComplete: the command's tag ("SELECT 2", "INSERT 0 5")
      const tag = buffer.toString('utf8', p, buffer.indexOf(0, p)).split(' ');
      if (COUNTED.has(tag[0]!)) affectedRows += parseInt(tag.at(-1)!, 10);
      completed = true;
    }
    at += 1 + length;
  }
  return (completed ? { rows, fields, affectedRows } : { rows: [], fields: [], affectedRows: 0 }) as Results<T>;
}
