/** Where the dev server takes a page to save (`npm run studio` only; see vitePlugins.ts). */
export const STUDIO_SAVE_PATH = '/__studio/pages/';
