/**
 * The durable events' schemas: zod and every payload's contract, a chunk of their own that
 * liveSocket.ts loads when an event first needs parsing, not with the connection. Building them is
 * most of the live connection's start-up work (about 80 ms on a fast machine, four times that on a
 * phone), and a page load seldom receives an event.
 */
export { durableEventSchemas } from '@pog/common';
