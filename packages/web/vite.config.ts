// Vite build of the browser client. The server builds it at start when packages/web/dist is
// missing or stale (ensureWebClient, web-build.ts) and serves dist/ statically; `vite` alone proxies /api and /ws to a
// server on :8080 for development.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "/",
  plugins: [react()],
  // The games' boards (games/<id>/src/board) sit outside this package's tsconfig: use the
  // automatic JSX runtime for them too, not esbuild's classic React.createElement default.
  esbuild: { jsx: "automatic", jsxImportSource: "react" },
  // es2022: the catalog awaits its games' manifests at the top level (packages/catalog/src/index.ts).
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000, target: "es2022" },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8080",
      "/ws": { target: "ws://127.0.0.1:8080", ws: true },
    },
  },
});
