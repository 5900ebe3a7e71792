/**
 * The sequencer's lease (migrations/0017): one relay at a time sequences the outbox on PostgreSQL,
 * for as long as it renews its lease. A holder that stops renewing (stopped, cut off, dead) loses it
 * once it runs out, to the next relay that asks, with the next epoch; its sequencing steps name the
 * epoch they were started under and are refused from then on (`outbox_sequence_leased`). Every time is
 * the database's clock: processes' clocks never decide who holds it.
 */

/** A lease as its holder knows it: who, and which taking. */
export interface LeaseTerm {
  holder: string;
  epoch: number;
}

/** Runs one statement (the relay's own connection: nothing queues in front of a renewal). */
export type LeaseQuery = (text: string, values: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** The SQLSTATE of a sequencing step whose lease is not held (any more). */
export const LEASE_NOT_HELD = 'PF001';

export const isLeaseNotHeld = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === LEASE_NOT_HELD;

const lasting = `clock_timestamp() + $2::double precision * interval '1 millisecond'`;

/** Takes the lease when it has run out (or was never taken): the new epoch, or undefined when another holds it. */
export async function takeLease(query: LeaseQuery, holder: string, leaseMs: number): Promise<number | undefined> {
  const [row] = await query(
    `UPDATE outbox_sequencer SET holder = $1, epoch = epoch + 1, taken_at = clock_timestamp(), expires_at = ${lasting}
     WHERE id = 1 AND expires_at <= clock_timestamp() RETURNING epoch`,
    [holder, leaseMs],
  );
  return row ? Number(row.epoch) : undefined;
}

/** Makes the lease last `leaseMs` from now, if this term still holds it: false once it ran out or changed hands. */
export async function renewLease(query: LeaseQuery, term: LeaseTerm, leaseMs: number): Promise<boolean> {
  const rows = await query(
    `UPDATE outbox_sequencer SET expires_at = ${lasting}
     WHERE id = 1 AND holder = $1 AND epoch = $3 AND expires_at > clock_timestamp() RETURNING epoch`,
    [term.holder, leaseMs, term.epoch],
  );
  return rows.length === 1;
}

/** Ends the lease now (a process stopping), so that another relay takes it at its next try. */
export async function releaseLease(query: LeaseQuery, term: LeaseTerm): Promise<void> {
  await query('UPDATE outbox_sequencer SET expires_at = clock_timestamp() WHERE id = 1 AND holder = $1 AND epoch = $2 AND expires_at > clock_timestamp()', [
    term.holder,
    term.epoch,
  ]);
}
