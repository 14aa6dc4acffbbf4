/** One of 9 default pictures when the user has no avatar (spec §3), stable per user. */
const COLOURS = ['#1f6feb', '#2da44e', '#bf8700', '#cf222e', '#8250df', '#0a7ea4', '#d1242f', '#57606a', '#116329'];

export function defaultAvatar(userId: number): string {
  const colour = COLOURS[Math.abs(userId) % COLOURS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${colour}"/><circle cx="20" cy="15" r="7" fill="#fff" opacity=".9"/><path d="M6 38c2-9 8-13 14-13s12 4 14 13z" fill="#fff" opacity=".9"/></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
