export * from './UserManagement.js';
