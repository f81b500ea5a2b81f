import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The staff app. `npm run build -w web` writes web/dist, which the local runtime serves. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    // `npm run dev -w web` beside `npm start`: the API stays on the runtime's port.
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
