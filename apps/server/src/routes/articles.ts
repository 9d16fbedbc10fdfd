import { AppError } from '@ranwal/core';
import type { AppContext } from '../context.js';
import type { RouteModule } from './module.js';

// Placeholder while this module is being written: every call answers 503.
export function articleRoutes(_context: AppContext): RouteModule<'article'> {
  const unavailable = async (): Promise<never> => {
    throw new AppError('unavailable', 'Belum tersedia.');
  };
  return new Proxy({} as RouteModule<'article'>, {
    get: (_, prop) => (prop === 'handlers' ? new Proxy({}, { get: () => unavailable }) : undefined),
  });
}
