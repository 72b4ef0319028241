import sanitizeHtml from 'sanitize-html';

// Programme intro content is authored HTML that the web client renders as HTML, so it is cleaned
// once here, before it is stored (docs/domain/programme-content.md#introduction-content). The
// allow-list is explicit rather than sanitize-html's defaults so a library upgrade cannot silently
// widen it.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'abbr',
    'cite',
    'q',
    'span',
    'div',
    'a',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  // No style, class or on* attributes anywhere: only what a link or a table cell needs.
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    abbr: ['title'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // javascript:, data: and vbscript: links are dropped; protocol-relative URLs too, so every
  // link says explicitly where it goes.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The text inside <script>, <style> and friends is discarded with the tag, not kept as text.
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab must not hand the opener window to the linked page.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter(([k]) => k !== 'target')) },
  },
};

export function sanitizeIntroContent(html: string): string {
  return sanitizeHtml(html, options).trim();
}
