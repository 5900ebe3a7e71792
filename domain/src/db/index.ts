/** The db part of the domain: what the gateway, the worker and the composition root may use. */
export { type Database, type DatabaseListener, type DatabaseOptions, type Db, openDatabase, pgliteDatabase, type PoolStats, type Schema, type Tx, } from './client';
export { acquireDataDirLock, type DataDirLock, DataDirLockedError, type LockHolder } from './data-dir-lock';
export { migrate, migrationFiles } from './migrate';
export { pgliteOptions } from './pglite-memory';
export { type ConnectRetryOptions, describeConnectionError, isTransientConnectionError, waitForDatabase, withConnectRetry } from './connect-retry';
export * as tables from './schema';
export { isDatabaseDiskFull, isDatabaseUnavailable } from './unavailable';
export { firstRowsPlannedForAll, readRows } from './planner';
export { rawQuery, type RawStatement, selectColumns } from './raw-query';
export { databaseSnapshot } from './snapshot';
