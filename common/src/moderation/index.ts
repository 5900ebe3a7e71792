export * from './schemas';
export * from './flag-reason';
export * from './spammer';
export * from './claims';
export * from './bulk';
