/**
 * Every string on a public page is user input. Before any escaping, a string is made safe to put
 * into HTML, XML and SVG at all; these are the only changes made to it (the documented
 * replacements the escaping property tests allow):
 * - the bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069)
 *   are removed, so a name cannot reorder the text around it;
 * - NUL, the other C0 controls but tab and line feed, lone surrogates and U+FFFE/U+FFFF (none of
 *   which XML 1.0 can carry), DEL, the C1 controls and the other noncharacters (which HTML counts
 *   as parse errors) become U+FFFD;
 * - CR LF and a lone CR become LF, as an HTML or XML parser would read them anyway.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** In a `u` regular expression a surrogate pair is one code point, so the surrogate range matches only lone ones. */
const PLANE_NONCHARACTERS = Array.from({ length: 16 }, (_, plane) => `\\u{${(plane + 1).toString(16)}FFFE}\\u{${(plane + 1).toString(16)}FFFF}`).join('');
const UNREPRESENTABLE = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uFDD0-\\uFDEF\\uFFFE\\uFFFF\\uD800-\\uDFFF${PLANE_NONCHARACTERS}]`, 'gu');

const REPLACEMENT_CHARACTER = '\uFFFD';

export function safeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(BIDI_CONTROLS, '').replace(UNREPRESENTABLE, REPLACEMENT_CHARACTER);
}

const MARKUP_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for markup: safe, with the five markup characters as entities. One function serves HTML
 * text and attribute values (always double-quoted) and XML (Atom, RSS, SVG), whose predefined
 * entities are the same; `&#39;` is used for the apostrophe since HTML 4 lacks `&apos;`.
 */
export function escapeMarkup(text: string): string {
  return safeText(text).replace(/[&<>"']/g, (character) => MARKUP_ENTITIES[character]!);
}

/** An absolute http(s) URL, or null: the view promises only those, a renderer still checks. */
export function httpUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
}
