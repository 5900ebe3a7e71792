export * from './logger';
export * from './memory-logger';
export * from './serialize-error';
