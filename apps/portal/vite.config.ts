import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The portal is served by apps/server at `/`; the API lives under /ranwal/api on the same origin.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Admin screens and the editor are separate chunks (route-level React.lazy).
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/ranwal': 'http://localhost:8080' },
  },
});
