/** Cuts a display name to `max` characters with an ellipsis (brand names: 15 mobile, 30 desktop). */
export function truncateName(name: string, max: number): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** Up to two initials from a name, for avatars without a picture. */
export function initialsOf(name: string | undefined | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? words[0].slice(0, 1) : words[0][0] + words[words.length - 1][0];
  return letters.toUpperCase();
}
