export * from './config';
export * from './clock';
export * from './realtime';
export * from './jobs/definitions';
export * from './db/client';
export * from './db/migrate';
export * as tables from './db/schema';
export * from './notifications/repository';
export * from './users/repository';
