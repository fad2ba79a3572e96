// The page runs under a Content-Security-Policy without 'unsafe-eval' (docs/security.md): zod
// must neither compile its parsers with `new Function` nor probe whether it may (the probe alone
// is reported as a violation). Imported first by main.tsx, before any schema is made.
import { config } from "zod";

config({ jitless: true });
