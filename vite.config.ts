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
    rolldownOptions: {
      output: {
        // The page studio (staff only, lazy) loads in pieces, side by side: its screen, the editor
        // (CodeMirror with schema completion and hover docs, a lazy component), the lint (a dynamic
        // import) and the lint's largest document, Vega-Lite's JSON schema, in a chunk of its own;
        // Vega-Lite's compiler is a dynamic import of the chart and the lint. scripts/studioChunks.ts
        // tells which chunks are the studio's alone, and bench:web that no subscriber loads them.
        codeSplitting: {
          groups: [{ name: 'studio-vega-lite-schema', test: /[\\/]node_modules[\\/]vega-lite[\\/]build[\\/]vega-lite-schema\.json$/ }],
        },
      },
    },
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
