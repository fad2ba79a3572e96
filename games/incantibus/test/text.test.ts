import { checkCatalogues } from "@grimoire/engine/text-check";
import { describe, expect, it } from "vitest";
import { text } from "../src/index.ts";
describe("catalogues", () => {
  it("agree", () => {
    expect(checkCatalogues("incantibus", text)).toEqual([]);
  });
});
