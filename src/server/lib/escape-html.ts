const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe inside HTML, in an element or a quoted attribute (the pages and e-mails the server writes). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character)
