import { afterEach, describe, expect, it, vi } from 'vitest';
import { asNotificationId, asUserId, type EventMeta, type Notification, StreamCursor } from '@pog/common';
import type { GameSocket } from './socket';

/** A socket the test plays the server of: `receive` delivers an event as Socket.IO would. */
function fakeSocket() {
  const listeners = new Map<string, Array<(...args: unknown[]) => void>>();
  const sent: Array<[string, unknown]> = [];
  /** connect() and disconnect(), in the order they were called. */
  const calls: string[] = [];
  const socket = {
    connected: false,
    on(event: string, listener: (...args: unknown[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    emit(event: string, payload: unknown) {
      sent.push([event, payload]);
      return socket;
    },
    connect() {
      calls.push('connect');
      socket.connected = true;
      return socket;
    },
    disconnect() {
      calls.push('disconnect');
      socket.connected = false;
      return socket;
    },
    removeAllListeners() {
      listeners.clear();
      return socket;
    },
  };
  const receive = (event: string, ...args: unknown[]) => (listeners.get(event) ?? []).forEach((listener) => listener(...args));
  return { socket: socket as unknown as GameSocket, receive, sent, calls };
}

const STREAM = 'user:7';
const meta = (position: number): EventMeta => ({ id: `event-${position}`, stream: STREAM, position });
const notification = (id: number): Notification => ({ id: asNotificationId(id), userId: asUserId(7), kind: 'trade.offered', title: `Offer ${id}`, body: 'A new offer', link: '/trade', read: false, createdAt: '2026-11-24T06:00:00.000Z' });

/**
 * A connection bound by a fresh copy of liveSocket.ts, whose schemas have not loaded yet (the
 * module keeps them once loaded).
 */
async function connectedLive(onReset: () => void = () => undefined) {
  vi.resetModules();
  const { bindLiveSocket } = await import('./liveSocket');
  const { socket, receive, sent } = fakeSocket();
  const cursor = new StreamCursor();
  cursor.seed(STREAM, 0);
  const live = bindLiveSocket({ socket, cursor, onStatus: () => undefined, onReset });
  receive('connect');
  receive('stream:state', { stream: STREAM, position: 0, reset: false });
  return { live, receive, sent };
}

describe('the live connection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('parses every event with its schema and applies each once, in stream order, also those that arrive before the schemas have loaded', async () => {
    const { live, receive } = await connectedLive();
    const applied: number[] = [];
    live.on('notification', (payload) => applied.push(payload.id));
    // All three arrive in one go, before the schemas' code could have loaded.
    receive('notification', notification(1), meta(1));
    receive('notification', notification(2), meta(2));
    receive('notification', notification(1), meta(1)); // a repeat
    receive('notification', notification(3), meta(3));
    await vi.waitFor(() => expect(applied).toEqual([1, 2, 3]));
    // Once loaded, an event applies at once.
    receive('notification', notification(4), meta(4));
    expect(applied).toEqual([1, 2, 3, 4]);
    live.close();
  });

  it('reports a payload that breaks its contract instead of applying it, and goes on with the next', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { live, receive } = await connectedLive();
    const applied: number[] = [];
    live.on('notification', (payload) => applied.push(payload.id));
    receive('notification', { ...notification(1), kind: 'not a kind' }, meta(1));
    receive('notification', notification(2), meta(2));
    await vi.waitFor(() => expect(applied).toEqual([2]));
    expect(errors).toHaveBeenCalledWith('[pog] notification event payload', expect.objectContaining({ message: 'Malformed notification event' }));
    live.close();
  });

  it('asks the server to replay when an event shows a gap, and applies nothing out of order', async () => {
    const { live, receive, sent } = await connectedLive();
    const applied: number[] = [];
    live.on('notification', (payload) => applied.push(payload.id));
    receive('notification', notification(2), meta(2));
    expect(sent).toEqual([['sync', { [STREAM]: 0 }]]);
    receive('notification', notification(1), meta(1));
    await vi.waitFor(() => expect(applied).toEqual([1]));
    live.close();
  });

  it('refetches on a reset only after the events received before it are applied', async () => {
    const steps: string[] = [];
    const { live, receive } = await connectedLive(() => steps.push('refetch'));
    live.on('notification', (payload) => steps.push(`notification ${payload.id}`));
    receive('notification', notification(1), meta(1));
    receive('stream:state', { stream: STREAM, position: 1, reset: true });
    await vi.waitFor(() => expect(steps).toEqual(['notification 1', 'refetch']));
    // With nothing waiting, a reset refetches at once.
    receive('stream:state', { stream: STREAM, position: 1, reset: true });
    expect(steps).toEqual(['notification 1', 'refetch', 'refetch']);
    live.close();
  });

  it('applies nothing more once closed, even what was waiting for the schemas', async () => {
    const { live, receive } = await connectedLive();
    const applied: number[] = [];
    live.on('notification', (payload) => applied.push(payload.id));
    receive('notification', notification(1), meta(1));
    live.close();
    // The schemas' code has loaded and its callbacks have run: nothing was applied after close.
    await import('./eventSchemas');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(applied).toEqual([]);
  });

  it('asks again for a replay the server refused, once the server says it may', async () => {
    vi.useFakeTimers();
    try {
      const { live, receive, sent } = await connectedLive();
      live.on('notification', () => undefined);
      receive('notification', notification(2), meta(2));
      expect(sent).toEqual([['sync', { [STREAM]: 0 }]]);
      receive('socket:refused', { code: 'RATE_LIMITED', message: 'Too many', retryAfterSeconds: 3, event: 'sync', closing: false });
      vi.advanceTimersByTime(2_900);
      expect(sent).toHaveLength(1);
      vi.advanceTimersByTime(200);
      expect(sent).toEqual([
        ['sync', { [STREAM]: 0 }],
        ['sync', { [STREAM]: 0 }],
      ]);
      live.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when the server closes the connection for sending too much, and comes back when it may', async () => {
    vi.useFakeTimers();
    try {
      vi.resetModules();
      const { bindLiveSocket } = await import('./liveSocket');
      const { useToastStore } = await import('../../stores/toasts');
      const { socket, receive, calls } = fakeSocket();
      const statuses: string[] = [];
      const live = bindLiveSocket({ socket, cursor: new StreamCursor(), onStatus: (status) => statuses.push(status), onReset: () => undefined });
      receive('connect');
      const refusal = { code: 'RATE_LIMITED', message: "You've made too many requests. Please try again later.", retryAfterSeconds: 10, event: 'sync', closing: true };
      receive('socket:refused', refusal);
      expect(useToastStore.getState().current).toMatchObject({ title: 'Too Many Requests', description: refusal.message, variant: 'destructive' });
      // Told once: a second refusal before the connection is back shows no second toast.
      useToastStore.setState({ current: null });
      receive('socket:refused', refusal);
      expect(useToastStore.getState().current).toBeNull();
      socket.connected = false;
      receive('disconnect', 'io server disconnect');
      expect(statuses.at(-1)).toBe('reconnecting');
      vi.advanceTimersByTime(9_900);
      expect(calls).toEqual(['connect']);
      vi.advanceTimersByTime(100);
      expect(calls).toEqual(['connect', 'connect']);

      // Any other server-side close (a session that ended) stays closed.
      receive('connect');
      receive('disconnect', 'io server disconnect');
      expect(statuses.at(-1)).toBe('disconnected');
      vi.advanceTimersByTime(60_000);
      expect(calls).toEqual(['connect', 'connect']);
      live.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts a connection that is not up over at once when the network comes back, and leaves one that is up alone', async () => {
    // socket.io-client can sit 'connecting' until its 20 s timeout after an 'offline' event during
    // its first connection; the browser's 'online' event is the cue to start again.
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    vi.resetModules();
    const { bindLiveSocket } = await import('./liveSocket');
    const { socket, receive, calls } = fakeSocket();
    const statuses: string[] = [];
    const live = bindLiveSocket({ socket, cursor: new StreamCursor(), onStatus: (status) => statuses.push(status), onReset: () => undefined });
    expect(calls).toEqual(['connect']);

    socket.connected = false;
    browser.dispatchEvent(new Event('online'));
    expect(calls).toEqual(['connect', 'disconnect', 'connect']);
    // Nothing was up, so nothing is reported as lost: still connecting.
    expect(statuses).toEqual(['connecting']);

    receive('connect');
    browser.dispatchEvent(new Event('online'));
    expect(calls).toEqual(['connect', 'disconnect', 'connect']);

    live.close();
    socket.connected = false;
    browser.dispatchEvent(new Event('online'));
    expect(calls).toEqual(['connect', 'disconnect', 'connect', 'disconnect']);
  });
});
