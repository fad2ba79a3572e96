// @vitest-environment jsdom
// The board kit's Face: a button is named by the words it shows (WCAG 2.5.3), with hidden words
// around them, and never by its popover; a face that does not act is a group named by its label.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Face, sayAround } from "../src/kit/widgets.tsx";

afterEach(cleanup);

describe("Face", () => {
  it("a button: no aria-label, named by its hidden words, then its visible ones, then the hidden rest", () => {
    const onActivate = vi.fn();
    render(
      <Face title="Fireball (3)" body="Deals 3d6." label="unused for a button" spoken="Play" spokenAfter="on Merlin" onActivate={onActivate}>
        <span>Fireball</span>
      </Face>,
    );
    const button = screen.getByRole("button", { name: "Play Fireball on Merlin" });
    expect(button.hasAttribute("aria-label")).toBe(false);
    expect([...button.querySelectorAll(".sr-only")].map((e) => e.textContent)).toEqual(["Play", "on Merlin"]);
    // the popover opened on focus describes it and stays out of its name
    fireEvent.focus(button);
    const tip = screen.getByRole("tooltip", { hidden: true });
    expect(tip.getAttribute("aria-hidden")).toBe("true");
    expect(button.getAttribute("aria-describedby")).toBe(tip.id);
    expect(screen.getByRole("button", { name: "Play Fireball on Merlin" })).toBe(button);
    fireEvent.keyDown(button, { key: "Enter" });
    expect(onActivate).toHaveBeenCalledTimes(1);
  });

  it("a face that does not act: a group named by its label, its popover not hidden", () => {
    render(
      <Face title="Fireball (3)" body="Deals 3d6." label="Fireball, in play" spoken="Play">
        <span>Fireball</span>
      </Face>,
    );
    const group = screen.getByRole("group", { name: "Fireball, in play" });
    expect(group.querySelector(".sr-only")).toBeNull();
    fireEvent.focus(group);
    expect(screen.getByRole("tooltip").textContent).toContain("Deals 3d6.");
  });

  it("sayAround cuts a sentence around the words shown, or says it all first", () => {
    expect(sayAround("Play Fireball on Merlin", "Fireball")).toEqual({ spoken: "Play", spokenAfter: "on Merlin" });
    expect(sayAround("Choose Fireball", "Fireball")).toEqual({ spoken: "Choose", spokenAfter: "" });
    expect(sayAround("Point at the face-down token", "Goblin")).toEqual({ spoken: "Point at the face-down token", spokenAfter: "" });
  });
});
