export * from './schemas';
export * from './rolls';
export * from './api';
