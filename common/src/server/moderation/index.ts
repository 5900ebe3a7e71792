export * from './audit';
export * from './conflicts';
export * from './pog-moderation';
export * from './queries';
export * from './reports';
export * from './user-moderation';
