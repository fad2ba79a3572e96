// The game's sign on the home and how-to pages (our own drawing): the bridge, the wall of fire in
// its middle and a wizard at each end. Shapes in the 64×40 box the page draws every game's emblem in;
// decorative, the title says the game.
export function Emblem() {
  return (
    <>
      <rect x="4" y="28" width="56" height="5" fill="#8b5a2b" />
      <path d="M30 28 L34 10 L38 28 Z" fill="#f4511e" />
      <circle cx="12" cy="22" r="4" fill="#3949ab" />
      <circle cx="52" cy="22" r="4" fill="#c62828" />
    </>
  );
}
