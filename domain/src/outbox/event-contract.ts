/**
 * Under NODE_ENV=test every durable event a command records is checked against the schema the web
 * client parses it with (`durableEventSchemas`), so a payload that drifts from its contract fails the
 * test that caused it, on the server, instead of being dropped silently by the browser.
 */
import type { z } from 'zod';
import { durableEventSchemas, type DurableEventName } from '@pog/common/events';

const CHECK_EVENTS = process.env.NODE_ENV === 'test';

export class EventContractError extends Error {
  constructor(event: string, issues: string[]) {
    super(`event ${event} was recorded outside its contract: ${issues.join('; ')}`);
    this.name = 'EventContractError';
  }
}

/** Throws when `payload` is not what `event`'s schema accepts. */
export function assertEventPayload(event: DurableEventName, payload: unknown): void {
  const result = (durableEventSchemas[event] as z.ZodType).safeParse(payload);
  if (result.success) return;
  throw new EventContractError(
    event,
    result.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`),
  );
}

/** `assertEventPayload` under NODE_ENV=test; nothing otherwise (the write path stays as cheap as it was). */
export function checkEventPayload(event: DurableEventName, payload: unknown): void {
  if (CHECK_EVENTS) assertEventPayload(event, payload);
}
