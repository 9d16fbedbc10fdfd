export * from './AdminShell.js';
export * from './LoginForm.js';
export * from './WelcomeBanner.js';
