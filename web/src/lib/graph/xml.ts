function allowed(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** Drops what XML 1.0 forbids anywhere in a document: C0 controls but tab, newline and return; lone surrogates; U+FFFE/F. */
const stripForbidden = (text: string) => {
  let out = '';
  for (const char of text) if (allowed(char.codePointAt(0)!)) out += char;
  return out;
};

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in XML content and in attribute values: the five specials escaped, forbidden characters dropped. */
export const escapeXml = (text: string) => stripForbidden(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Newlines and tabs kept in an attribute value (a parser would fold them into spaces). */
export const escapeAttribute = (text: string) =>
  escapeXml(text).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
