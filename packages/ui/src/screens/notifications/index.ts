export * from './NotificationBell.js';
export * from './notification-text.js';
