// The storage's public names, from `storage/` (one module per concern: types, schema, each dialect,
// the group commit). Kept so every `./storage.ts` import stays as it is.
export * from "./storage/types.ts";
export { MIGRATIONS } from "./storage/schema.ts";
export { SqliteStorage } from "./storage/sqlite.ts";
export { PostgresStorage, type PostgresOptions } from "./storage/postgres.ts";
