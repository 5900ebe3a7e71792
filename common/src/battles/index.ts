export * from './schemas';
export * from './rolls';
