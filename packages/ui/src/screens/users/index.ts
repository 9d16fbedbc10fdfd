export * from './PasswordDialog.js';
export * from './UserManagement.js';
