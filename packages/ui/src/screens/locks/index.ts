export * from './ConnectedLockManager.js';
export * from './LockManager.js';
export * from './LockSubActionDialog.js';
