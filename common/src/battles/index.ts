export * from './schemas';
export * from './rolls';
export * from './coin';
export * from './api';
