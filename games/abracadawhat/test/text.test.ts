// The game's words: both catalogues agree, and a sample of events, actions, prompts and view lines
// read as expected in English and in French ("you", plurals, nested spell names, lists).
import { msg, SPECTATOR, type Message, type Viewer } from "@grimoire/engine";
import { formatLine, type DisplayLanguage } from "@grimoire/engine/text";
import { checkCatalogues } from "@grimoire/engine/text-check";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, SPELLS, text, type Event } from "../src/index.ts";
import { arranged, cast } from "./helpers.ts";

const names = ["Ada", "Basile", "Chloé"];
const me = (viewer: Viewer) => (viewer === SPECTATOR ? null : viewer);
const event = (lang: DisplayLanguage, e: Event, viewer: Viewer) => formatLine(text, lang, game.describeEvent(e, viewer), { names, me: me(viewer) });
const line = (lang: DisplayLanguage, message: Message, viewer: Viewer = SPECTATOR) => formatLine(text, lang, message, { names, me: me(viewer) });

describe("catalogues", () => {
  it("have every key in both languages, valid ICU, the same parameters", () => {
    expect(checkCatalogues(game.id, text)).toEqual([]);
  });
  it("name every spell and give its effect in both languages", () => {
    for (const lang of ["en", "fr"] as const) {
      for (const k of SPELLS) {
        expect(text[lang][`spell.${k}.name`]).toBeTruthy();
        expect(text[lang][`spell.${k}.effect`]!.length).toBeGreaterThan(30);
      }
    }
    expect(line("fr", msg("spell.5.name"))).toBe("Tempête d’Éclairs");
    expect(line("en", msg("spell.8.name"))).toBe("Magic Drink");
  });
  it("use the typographic apostrophe, and French spacing before high punctuation", () => {
    for (const lang of ["en", "fr"] as const) {
      for (const [key, source] of Object.entries(text[lang])) expect(source, `${lang} ${key}`).not.toMatch(/'/);
    }
    for (const [key, source] of Object.entries(text.fr)) expect(source, `fr ${key}`).not.toMatch(/ [:;?!»]|« /);
  });
  it("word the fixed texts: title, options, bots", () => {
    expect(line("fr", msg("game.title"))).toBe("Abraca…Quoi\u00a0?");
    expect(line("fr", msg("option.lastStanding.label"))).toBe("Le dernier prend tout");
    expect(line("en", msg("option.die.value.d6"))).toBe("1 to 6");
    for (const bot of Object.keys(game.bots)) expect(text.fr[`bot.${bot}.description`]).toBeTruthy();
  });
});

describe("events in English and French", () => {
  const success: Event = { type: "cast", seat: 1, spell: 3, outcome: "success" };
  it("a cast, for another seat and for the caster (you)", () => {
    expect(event("en", success, 0)).toBe("Basile casts 3 (Sweet Dream).");
    expect(event("fr", success, 0)).toBe("Basile lance le 3 (Rêves Sucrés).");
    expect(event("en", success, 1)).toBe("You cast 3 (Sweet Dream).");
    expect(event("fr", success, 1)).toBe("Vous lancez le 3 (Rêves Sucrés).");
    const failure: Event = { type: "cast", seat: 0, spell: 1, outcome: "failure" };
    expect(event("fr", failure, SPECTATOR)).toBe("Ada annonce le 1 (Dragon Ancestral) sans l’avoir.");
    const illegal: Event = { type: "cast", seat: 0, spell: 4, outcome: "illegal" };
    expect(event("en", illegal, 0)).toBe("You call 4 (Night Singer), lower than the previous cast: called out, penalty.");
    expect(event("fr", illegal, 0)).toBe("Vous annoncez le 4 (Chanteur Nocturne), plus petit que le sort précédent\u00a0: annonce interdite, pénalité.");
  });
  it("life points, singular and plural (French 0 and 1 singular)", () => {
    const loss: Event = { type: "life", seat: 2, change: -2, life: 0 };
    expect(event("en", loss, 0)).toBe("Chloé loses 2 life points, down to 0.");
    expect(event("fr", loss, 0)).toBe("Chloé perd 2 points de vie et tombe à 0.");
    const gain: Event = { type: "life", seat: 0, change: 1, life: 6 };
    expect(event("en", gain, 0)).toBe("You gain 1 life point, up to 6.");
    expect(event("fr", gain, 0)).toBe("Vous gagnez 1 point de vie et passez à 6.");
    const same: Event = { type: "life", seat: 0, change: 0, life: 6 };
    expect(event("fr", same, 1)).toBe("Ada a déjà 6 points de vie\u00a0: rien de plus à gagner.");
  });
  it("a refill names the stones only to those who may see them, as a list", () => {
    const refill: Event = { type: "refill", seat: 1, count: 3, stones: [2, 5, 8] };
    expect(event("en", refill, 0)).toBe("Basile draws 3 stones: 2, 5, and 8.");
    expect(event("fr", refill, 0)).toBe("Basile pioche 3 pierres\u00a0: 2, 5 et 8.");
    expect(event("fr", refill, 1)).toBe("Vous piochez 3 pierres.");
    expect(event("en", refill, SPECTATOR)).toBe("Basile draws 3 stones.");
  });
  it("turns, rounds and the end of the game", () => {
    const turnEnd: Event = { type: "turn-end", seat: 0, next: 1 };
    expect(event("en", turnEnd, 1)).toBe("Ada’s turn is over; your turn.");
    expect(event("fr", turnEnd, 0)).toBe("Vous finissez votre tour\u00a0; c’est à Basile de jouer.");
    const start: Event = { type: "round-start", round: 2, first: 2, hands: [null, null, null], revealed: [0, 0, 0, 0, 0, 0, 0, 0, 0] };
    expect(event("fr", start, 2)).toBe("Début de la ronde 2\u00a0: vous commencez.");
    const roundEnd: Event = { type: "round-end", round: 1, end: "knockout", seat: 0, winner: 0, points: [3, 0, 1], scores: [3, 0, 1], life: [4, 0, 2], hands: null, spectatorsSeeHands: false };
    expect(event("en", roundEnd, 2)).toBe("End of round 1: Ada wins it with a knock-out. Points: Ada +3 (3 points in all), Basile +0 (0 points in all), and you +1 (1 point in all).");
    expect(event("fr", roundEnd, 0)).toBe(
      "Fin de la ronde 1\u00a0: vous la gagnez en mettant un adversaire hors de combat. Points\u00a0: vous +3 (3 points au total), Basile +0 (0 point au total) et Chloé +1 (1 point au total).",
    );
    const selfKnockout: Event = { ...roundEnd, end: "self-knockout", seat: 1, winner: null };
    expect(event("en", selfKnockout, 0)).toContain("Basile knocked themself out, no winner.");
    expect(event("fr", selfKnockout, 1)).toContain("vous tombez à 0 point de vie de votre propre fait, pas de gagnant.");
    const lastStanding: Event = { ...roundEnd, end: "last-standing", seat: 0, winner: 2 };
    expect(event("fr", lastStanding, 0)).toContain("il ne reste plus que Chloé en jeu.");
    const shown: Event = { ...roundEnd, spectatorsSeeHands: true, hands: [[0, 0, 1, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1, 0, 0, 0]] };
    expect(event("en", shown, "spectator")).toContain("Stones that were in front of each player: Ada 2 and 8, Basile none, and Chloé 5.");
    expect(event("fr", shown, 1)).toContain("Pierres qui étaient devant chacun : Ada 2 et 8, vous aucune et Chloé 5.");
    const shared: Event = { type: "game-over", winners: [0, 2], scores: [8, 3, 8] };
    expect(event("en", shared, 1)).toBe("Game over: Ada and Chloé share the win.");
    expect(event("fr", shared, 2)).toBe("Partie terminée\u00a0: vous partagez la victoire avec Ada.");
    const one: Event = { type: "game-over", winners: [1], scores: [5, 9, 2] };
    expect(event("fr", one, 1)).toBe("Partie terminée\u00a0: vous gagnez avec 9 points.");
  });
  it("the pseudo-language wraps every line", () => {
    expect(event("pseudo", success, 0)).toMatch(/^⟦.*⟧$/);
  });
});

describe("actions, prompts and the terminal view", () => {
  it("word actions and prompts", () => {
    expect(line("en", game.describeAction({ type: "cast", spell: 7 }))).toBe("Call 7 (Fireball)");
    expect(line("fr", game.describeAction({ type: "cast", spell: 7 }))).toBe("Annoncer le 7 (Boule de feu)");
    expect(line("fr", game.describeAction({ type: "end" }))).toBe("Finir votre tour");
    const s = arranged(3, { hands: [[3, 4, 5, 6, 8], [2, 6, 7, 7, 8], [1, 5, 6, 7, 8]] });
    const decision = () => game.decision(s) as { prompt: Message };
    expect(line("fr", decision().prompt)).toBe("Annoncez un sort");
    cast(s, 0, 5);
    expect(line("en", decision().prompt)).toBe("Call a spell 5 or higher, or end your turn");
    expect(line("fr", decision().prompt)).toBe("Annoncez un sort de 5 ou plus, ou finissez votre tour");
  });
  it("word the view as lines, hiding the reader's own stones", () => {
    const s = arranged(3, { hands: [[3, 4, 5, 6, 8], [2, 6, 7, 7, 8], [1, 5, 6, 7, 8]], life: [4, 6, 6] });
    cast(s, 0, 5);
    const lines = (lang: DisplayLanguage, viewer: Viewer) => game.describeView!(game.view(s, viewer), viewer).map((m) => line(lang, m, viewer));
    const fr = lines("fr", 0);
    expect(fr[0]).toBe("Ronde 1. Lancées\u00a0: 5.");
    expect(fr).toContain("Vous\u00a0: 4 points de vie, 0 point, pierres\u00a0: 4 cachées.");
    expect(fr).toContain("Basile\u00a0: 5 points de vie, 0 point, pierres\u00a0: 2, 6, 7, 7 et 8.");
    expect(fr.at(-1)).toBe("C’est à vous de lancer un sort (dernier sort lancé\u00a0: 5).");
    const en = lines("en", 1);
    expect(en).toContain("Ada: 4 life points, 0 points, stones: 3, 4, 6, and 8.");
    expect(en.at(-1)).toBe("Ada is casting (last cast: 5).");
  });
});
