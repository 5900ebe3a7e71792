export * from './registry';
export * from './database-metrics';
export * from './outbox-metrics';
export * from './health-metrics';
