/**
 * The durable events' schemas: zod and every payload's contract, a chunk of their own that
 * liveSocket.ts loads when an event first needs parsing, not with the connection. Evaluating them
 * was most of the live connection's start-up work (one task of about 13 ms of CPU on the benchmark
 * machine, 30-80 ms of wall time when it was busy, four times that on a phone as Lighthouse counts
 * it), and a page load seldom receives an event.
 */
export { durableEventSchemas } from '@pog/common';
