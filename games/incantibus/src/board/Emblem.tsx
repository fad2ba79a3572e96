// The game's sign on the home and how-to pages (our own drawing): the tower with its lit door.
// Shapes in the 64×40 box the page draws every game's emblem in; decorative, the title says the game.
export function Emblem() {
  return (
    <>
      <rect x="22" y="10" width="20" height="26" fill="#6d4c41" />
      <path d="M18 12 L32 2 L46 12 Z" fill="#4e342e" />
      <rect x="29" y="26" width="6" height="10" fill="#ffca28" />
    </>
  );
}
