// `grimoire admin grant NAME moderator` and `grimoire admin revoke NAME moderator`: an operator
// gives or takes back a role on the storage the server uses (DATABASE_URL, else SQLite in DATA_DIR,
// as `grimoire start`); each change is recorded in the moderation audit log.
import type { Command } from "commander";
import { CliError, defaultContext, print, type CliContext } from "../context.ts";
import { wordsFor } from "../text/index.ts";

type RoleChange = { ok: true; name: string; changed: boolean } | { ok: false; error: "unknown-player" | "unknown-role"; detail: string };

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  const admin = program.command("admin").description("operator commands on the server's storage (DATABASE_URL, else DATA_DIR)");
  for (const granted of [true, false]) {
    admin
      .command(`${granted ? "grant" : "revoke"} <name> <role>`)
      .description(granted ? "give an account a role (moderator)" : "take a role (moderator) back from an account")
      .action(async (name: string, role: string) => {
        let server: Record<string, unknown>;
        try {
          server = await ctx.loadServer();
        } catch (error) {
          throw new CliError("cli.error.server", { detail: (error as Error).message });
        }
        const change = server.changeRoleFromEnv as (name: string, role: string, granted: boolean) => Promise<RoleChange>;
        const result = await change(name, role, granted);
        if (!result.ok) throw new CliError(result.error === "unknown-role" ? "cli.error.unknownRole" : "cli.error.unknownPlayer", { got: result.detail });
        print(ctx, wordsFor(ctx.lang).line(granted ? "cli.admin.granted" : "cli.admin.revoked", { name: result.name, role, changed: result.changed ? "yes" : "no" }));
      });
  }
}
