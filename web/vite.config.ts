import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { initialJsBudget } from './tooling/initial-js-budget.ts';
import { precompress } from './tooling/precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), initialJsBudget({ limitKb: 200 }), precompress({ minBytes: 1024 })],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { target: 'es2022', sourcemap: false },
  // `npm run dev -w web` next to `npm start` (gateway on 8080): the API and the sign-in page through the gateway.
  server: { proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
});
