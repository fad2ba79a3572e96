// i18next set-up: English and French, chosen from the browser (or the last choice kept in
// localStorage), switchable at any time from the header.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en.ts";
import { fr } from "./fr.ts";

export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (stored === "en" || stored === "fr") return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().slice(0, 2);
    if (base === "fr" || base === "en") return base;
  }
  return "en";
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem("grimoire.lang");
  } catch {
    return null;
  }
}

export function initI18n(language?: Language): typeof i18next {
  const lng = language ?? detectLanguage(storedLanguage(), typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language]);
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { en: { translation: en }, fr: { translation: fr } },
      lng,
      fallbackLng: "en",
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18next.language !== lng) {
    void i18next.changeLanguage(lng);
  }
  if (typeof document !== "undefined") document.documentElement.lang = lng;
  return i18next;
}

export function switchLanguage(language: Language): void {
  try {
    localStorage.setItem("grimoire.lang", language);
  } catch {
    /* ignore */
  }
  void i18next.changeLanguage(language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
}
