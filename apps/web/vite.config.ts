import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const server = 'http://localhost:3000';

// Regex keys so that '/auth' does not also capture the web route '/auth0-debug'.
const proxy = {
  '^/api(/|$)': { target: server, changeOrigin: false },
  '^/auth/': { target: server, changeOrigin: false },
  '^/local-idp(/|$)': { target: server, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The public pages must stay light; a chunk over this means map code leaked into them.
    chunkSizeWarningLimit: 600,
  },
});
