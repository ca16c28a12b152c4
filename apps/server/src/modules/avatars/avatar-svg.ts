const PALETTE_SATURATION = 55;
const PALETTE_LIGHTNESS = 42;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Up to two letters: first and last name initials, as the person wrote them. */
export function initials(firstName: string, lastName: string): string {
  const first = Array.from(firstName.trim())[0] ?? "";
  const last = Array.from(lastName.trim())[0] ?? "";
  return (first + last).toUpperCase() || "?";
}

/** A stable hue per user, so the same person always gets the same colour. */
export function hueFor(id: string): number {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}

export function renderAvatarSvg(id: string, firstName: string, lastName: string): string {
  const hue = hueFor(id);
  const text = escapeXml(initials(firstName, lastName));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${text}">
<rect width="256" height="256" fill="hsl(${hue} ${PALETTE_SATURATION}% ${PALETTE_LIGHTNESS}%)"/>
<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#ffffff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="104" font-weight="600">${text}</text>
</svg>`;
}
