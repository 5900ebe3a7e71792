export * from './schemas';
export * from './offline';
export * from './examples';
