export * from './NotificationBell.js';
export * from './notification-target.js';
export * from './notification-text.js';
