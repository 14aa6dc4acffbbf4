/**
 * The little XML DPD's SOAP service needs: escaping for the requests Kontor writes, element building in
 * the order the WSDL's sequences want, and a tolerant reader for the answers (namespaces are dropped,
 * attributes ignored, CDATA and the five entities plus numeric references understood). Pure.
 */

/** Characters XML 1.0 cannot carry at all (control characters other than tab, line feed, return). */
function allowed(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return c >= 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

export function escapeXml(value: string): string {
  return [...value].filter(allowed).join('').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A child element: its name and either text, nested children, or nothing (left out). */
export type XmlChild = [name: string, value: string | number | boolean | XmlChild[] | undefined | null];

/** Writes elements in the given order; `undefined`, `null` and '' are left out, as the WSDL allows. */
export function el(children: XmlChild[]): string {
  let out = '';
  for (const [name, value] of children) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const inner = el(value);
      if (inner) out += `<${name}>${inner}</${name}>`;
    } else out += `<${name}>${escapeXml(String(value))}</${name}>`;
  }
  return out;
}

export interface XmlNode {
  /** Local name, without a namespace prefix. */
  name: string;
  children: XmlNode[];
  text: string;
}

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : '';
  });
}

function local(name: string): string {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
}

/** Parses an XML document into a tree; it never throws on odd input, it answers what it could read. */
export function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#document', children: [], text: '' };
  const stack: XmlNode[] = [root];
  const re =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/\s*([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml)) !== null) {
    const top = stack[stack.length - 1]!;
    if (m[1] !== undefined) top.text += m[1];
    else if (m[2] !== undefined) {
      const name = local(m[2]);
      // Close up to the matching open element; a stray closing tag is ignored.
      const at = stack.map((n) => n.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
    } else if (m[3] !== undefined) {
      const node: XmlNode = { name: local(m[3]), children: [], text: '' };
      top.children.push(node);
      if (m[5] !== '/') stack.push(node);
    } else if (m[6] !== undefined) top.text += decode(m[6]);
  }
  return root;
}

/** The first element of that local name anywhere below `node` (depth first). */
export function find(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (!node) return undefined;
  for (const c of node.children) {
    if (c.name === name) return c;
    const deeper = find(c, name);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Every element of that local name below `node`, in document order. */
export function findAll(node: XmlNode | undefined, name: string, out: XmlNode[] = []): XmlNode[] {
  if (!node) return out;
  for (const c of node.children) {
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
}

/** The trimmed text of the first element of that name below `node`, or ''. */
export function textOf(node: XmlNode | undefined, name: string): string {
  return find(node, name)?.text.trim() ?? '';
}
