export * from './schemas';
export * from './flag-reason';
export * from './bulk';
