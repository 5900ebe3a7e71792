export * from './audit';
export * from './conflicts';
export * from './player-locks';
export * from './pog-moderation';
export * from './queries';
export * from './reports';
export * from './user-moderation';
export * from './policy';
