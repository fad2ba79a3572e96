// Vite build of the browser client. The server builds it at start when packages/web/dist is
// missing or stale (ensureWebClient, web-build.ts) and serves dist/ statically; `vite` alone proxies /api and /ws to a
// server on :8080 for development.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const root = fileURLToPath(new URL(".", import.meta.url));

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Every text file of the build, above 1 KB, also written brotli- (`.br`, quality 11) and
 * gzip-compressed (`.gz`, level 9) beside it, once at build time: the server sends the one the
 * browser accepts (@fastify/static's `preCompressed`), and never compresses per request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "grimoire-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): void => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (COMPRESSIBLE.test(name) && statSync(path).size > 1024) {
            const raw = readFileSync(path);
            const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
            const gz = gzipSync(raw, { level: 9 });
            if (br.length < raw.length) writeFileSync(`${path}.br`, br);
            if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
          }
        }
      };
      walk(outDir);
    },
  };
}

export default defineConfig({
  root,
  base: "/",
  plugins: [react(), precompress()],
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
