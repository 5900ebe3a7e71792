export * from './schemas';
export * from './flag-reason';
