// Entry point: zod without eval (csp.ts, first), i18n, styles, then the app.
import "./csp.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { initI18n } from "./i18n/index.ts";
import "./styles.css";

initI18n();
const root = document.getElementById("root");
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);
