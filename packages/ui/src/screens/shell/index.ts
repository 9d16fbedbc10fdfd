export * from './AdminShell.js';
export * from './admin-navigation.js';
export * from './LoginForm.js';
export * from './nav-link.js';
export * from './UnitNavigation.js';
export * from './WelcomeBanner.js';
