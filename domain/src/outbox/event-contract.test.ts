import { describe, expect, it } from 'vitest';
import { asUserId } from '@pog/common/schemas/ids';
import { assertEventPayload, EventContractError } from './event-contract';
import { UnitOfWork } from './unit-of-work';

describe('durable events against their contract', () => {
  it('accepts a payload its schema accepts', () => {
    expect(() => assertEventPayload('session:revoked', { reason: 'You have been banned.' })).not.toThrow();
  });

  it('names the event and the field of a payload outside its schema', () => {
    expect(() => assertEventPayload('session:revoked', { reason: 42 })).toThrow(EventContractError);
    expect(() => assertEventPayload('session:revoked', { reason: 42 })).toThrow(/session:revoked.*reason/);
  });

  it('is checked when a command records the event, under NODE_ENV=test', () => {
    expect(process.env.NODE_ENV).toBe('test');
    const uow = new UnitOfWork(undefined as never, new Date(), null);
    expect(() => uow.toUser(asUserId(1), 'trade:created', { id: 1 } as never)).toThrow(/trade:created/);
    expect(() => uow.toAdmins('moderation:user', { action: 'promoted' } as never)).toThrow(/moderation:user/);
    expect(() => uow.revokeUser(asUserId(1), 'Logged out.')).not.toThrow();
  });
});
