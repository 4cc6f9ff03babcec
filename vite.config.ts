import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chartSpecsPlugin } from './widgets/chart/precompile.ts';
import { studioBrowserLint, studioDevSave } from './src/studio/vitePlugins.ts';

// Front-end build. The first screen (login + shell) must stay small: heavy libraries (vega,
// xlsx, html-to-image, @rjsf, @sentry) are only reached through dynamic import(), so they land
// in their own chunks and load when a widget or error reporting needs them. The pages' charts are
// compiled from Vega-Lite to Vega at build time, so the chart chunk carries Vega only.
export default defineConfig({
  // The page studio (/studio, staff only) lints pages in its own lazy chunk; its save to pages/
  // exists on the dev server only (`npm run studio`).
  plugins: [react(), chartSpecsPlugin(), studioBrowserLint(), studioDevSave()],
  build: {
    outDir: 'dist',
    // Source maps would publish the original source: none by default. VITE_SOURCEMAP=hidden writes
    // them for uploading to error reporting, without the comment that points browsers at them
    // (the server never serves *.map files either).
    sourcemap: process.env.VITE_SOURCEMAP === 'hidden' ? 'hidden' : false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: false },
    },
  },
});
