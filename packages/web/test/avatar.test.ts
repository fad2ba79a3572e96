// The generated picture (issue 27): one name, one picture; mirrored; never empty; and its ink
// keeps a contrast of 4.5:1 against its background whatever the hue (WCAG's relative luminance).
import { describe, expect, it } from "vitest";
import { nameHash, sigilOf } from "../src/players/Avatar.tsx";

/** An `hsl(h s% l%)` colour to WCAG relative luminance. */
function luminance(hsl: string): number {
  const [h, s, l] = hsl.match(/[\d.]+/g)!.map(Number) as [number, number, number];
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(f(0)) + 0.7152 * lin(f(8)) + 0.0722 * lin(f(4));
}

describe("generated pictures", () => {
  it("is the same for one name and differs between names", () => {
    expect(sigilOf("Ada")).toEqual(sigilOf("Ada"));
    expect(nameHash("Béa")).toBe(nameHash("Be\u0301a"));
    const names = ["Ada", "Béa", "Cat", "Dan", "Éloïse", "王小明", "coco7"];
    expect(new Set(names.map((n) => JSON.stringify(sigilOf(n)))).size).toBe(names.length);
  });

  it("is mirrored left to right and never empty", () => {
    for (const name of ["Ada", "Béa", "x", "", "Merlin", "Morgane"]) {
      const { cells } = sigilOf(name);
      expect(cells).toHaveLength(25);
      for (let row = 0; row < 5; row++) for (let col = 0; col < 5; col++) expect(cells[row * 5 + col]).toBe(cells[row * 5 + 4 - col]);
      expect(cells.some(Boolean)).toBe(true);
    }
  });

  it("keeps 4.5:1 between ink and background for every hue", () => {
    let worst = Infinity;
    for (let hue = 0; hue < 360; hue++) {
      const sigil = sigilOf("x");
      const ink = luminance(sigil.ink.replace(/hsl\(\d+/, `hsl(${hue}`));
      const background = luminance(sigil.background.replace(/hsl\(\d+/, `hsl(${hue}`));
      worst = Math.min(worst, (background + 0.05) / (ink + 0.05));
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});
