/** What the composition root (server/src/runtime.ts) loads when SERVICES names the gateway. */
export { startGateway, type Gateway, type GatewayOptions } from './start';
export { StreamHub } from './realtime/stream-hub';
export type { AppContext } from './context';
export type { SocketServer } from './realtime/socket-server';
