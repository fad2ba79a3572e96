// i18next set-up: English and French, chosen from the browser (or the last choice kept in
// localStorage), switchable at any time from the header. Messages are ICU MessageFormat
// (i18next-icu), like the games' own catalogues, so plurals and numbers follow the language.
// `pseudo` is a test language: English with every message wrapped in ⟦…⟧ (`?lang=pseudo`).
import i18next from "i18next";
import ICU from "i18next-icu";
import { initReactI18next } from "react-i18next";
import { PSEUDO } from "@grimoire/engine/text";
import { en } from "./en.ts";
import { fr } from "./fr.ts";
import { elideBeforeNames } from "./elision.ts";

export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
/** A language the page can be shown in: the two real ones, and the pseudo-locale for tests. */
export type PageLanguage = Language | typeof PSEUDO;

export function detectLanguage(stored: string | null, browser: readonly string[]): PageLanguage {
  if (stored === "en" || stored === "fr" || stored === PSEUDO) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().slice(0, 2);
    if (base === "fr" || base === "en") return base;
  }
  return "en";
}

function storedLanguage(): string | null {
  try {
    const asked = typeof location === "undefined" ? null : new URLSearchParams(location.search).get("lang");
    if (asked === "en" || asked === "fr" || asked === PSEUDO) {
      localStorage.setItem("grimoire.lang", asked);
      return asked;
    }
    return localStorage.getItem("grimoire.lang");
  } catch {
    return null;
  }
}

const pseudo = {
  type: "postProcessor" as const,
  name: "pseudo",
  process: (value: string, _key: string | string[], _options: unknown, translator: { language?: string }) =>
    translator.language === PSEUDO ? `⟦${value}⟧` : value,
};

/** French elision before a name or a list of names given as a parameter ("En attente d’Alice"). */
const elision = {
  type: "postProcessor" as const,
  name: "elision",
  process: (value: string, _key: string | string[], options: Record<string, unknown> | undefined, translator: { language?: string }) =>
    translator.language === "fr" && options ? elideBeforeNames(value, Object.values(options).filter((v): v is string => typeof v === "string")) : value,
};

export function initI18n(language?: PageLanguage): typeof i18next {
  const lng = language ?? detectLanguage(storedLanguage(), typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language]);
  if (!i18next.isInitialized) {
    void i18next
      .use(new ICU())
      .use(pseudo)
      .use(elision)
      .use(initReactI18next)
      .init({
        resources: { en: { translation: en }, fr: { translation: fr }, [PSEUDO]: { translation: en } },
        lng,
        fallbackLng: "en",
        postProcess: ["elision", "pseudo"],
        interpolation: { escapeValue: false },
        initAsync: false,
        showSupportNotice: false,
      });
  } else if (i18next.language !== lng) {
    void i18next.changeLanguage(lng);
  }
  if (typeof document !== "undefined") document.documentElement.lang = lng === PSEUDO ? "en" : lng;
  return i18next;
}

export function switchLanguage(language: PageLanguage): void {
  try {
    localStorage.setItem("grimoire.lang", language);
  } catch {
    /* ignore */
  }
  void i18next.changeLanguage(language);
  if (typeof document !== "undefined") document.documentElement.lang = language === PSEUDO ? "en" : language;
}
