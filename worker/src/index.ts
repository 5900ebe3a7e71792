export * from './processors/index';
export * from './queue/index';
export * from './realtime/redis-emitter';
