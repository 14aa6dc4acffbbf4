/**
 * A reader of PostgreSQL's stored query trees (`pg_rewrite.ev_action`, the text form of a view's
 * query), just enough to tell which view columns can never be null. information_schema reports every
 * view column as nullable; typing them all `| null` would force a check on each read of a list's
 * read model. The tree says, per output column, whether it is a plain reference to a table column
 * and whether an outer join can null it (`varnullingrels`, PostgreSQL 16+).
 */
export type TreeValue = string | null | TreeValue[] | TreeNode;
export interface TreeNode {
  node: string;
  fields: Record<string, TreeValue>;
}

/** Tokens of the tree's text: `{ } ( )`, `<>`, quoted strings and bare words (backslash escapes). */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if ('{}()'.includes(ch)) {
      tokens.push(ch);
      i++;
    } else {
      let token = '';
      const quoted = ch === '"';
      if (quoted) i++;
      while (i < text.length) {
        const c = text[i]!;
        if (c === '\\' && i + 1 < text.length) {
          token += text[i + 1];
          i += 2;
          continue;
        }
        if (quoted ? c === '"' : /\s/.test(c) || '{}()'.includes(c)) break;
        token += c;
        i++;
      }
      if (quoted) i++;
      tokens.push(token);
    }
  }
  return tokens;
}

export function parseNodeTree(text: string): TreeValue {
  const tokens = tokenize(text);
  let pos = 0;
  const value = (): TreeValue => {
    const token = tokens[pos++];
    if (token === '{') return node();
    if (token === '(') {
      const items: TreeValue[] = [];
      while (tokens[pos] !== ')') items.push(value());
      pos++;
      return items;
    }
    if (token === '<>') return null;
    if (token === undefined) throw new Error('Unexpected end of the query tree');
    return token;
  };
  const node = (): TreeNode => {
    const result: TreeNode = { node: tokens[pos++]!, fields: {} };
    let key: string | undefined;
    while (tokens[pos] !== '}') {
      const token = tokens[pos]!;
      if (token.startsWith(':')) {
        key = token.slice(1);
        pos++;
        result.fields[key] = value();
      } else {
        // A Const's datum (`:constvalue 4 [ 1 0 0 0 ]`) runs over several words: not needed here.
        value();
      }
    }
    pos++;
    return result;
  };
  return value();
}

const isNode = (v: TreeValue | undefined, name: string): v is TreeNode => typeof v === 'object' && v !== null && !Array.isArray(v) && v.node === name;

/** Where a view's output column comes from, when the tree can prove it is not null by itself. */
export type ViewColumnSource = { kind: 'column'; relationOid: number; attnum: number } | { kind: 'constant' } | { kind: 'unknown' };

/**
 * Per output column name of the view's query: a plain, never outer-joined reference to a column of a
 * relation in its FROM list (nullable exactly when that column is), a non-null constant, or unknown
 * (an expression, a sub-select, an outer-joined or grouped column: typed nullable unless overridden).
 */
export function viewColumnSources(evAction: string): Map<string, ViewColumnSource> {
  const tree = parseNodeTree(evAction);
  const query = Array.isArray(tree) ? tree[0] : undefined;
  if (!isNode(query, 'QUERY')) throw new Error('A view rule without a query');
  const rtable = (query.fields.rtable ?? []) as TreeValue[];
  const simple = !query.fields.setOperations && query.fields.groupClause === null && query.fields.hasAggs === 'false';
  const sources = new Map<string, ViewColumnSource>();
  for (const entry of (query.fields.targetList ?? []) as TreeValue[]) {
    if (!isNode(entry, 'TARGETENTRY') || entry.fields.resjunk === 'true') continue;
    const name = entry.fields.resname as string;
    const expr = entry.fields.expr;
    let source: ViewColumnSource = { kind: 'unknown' };
    if (isNode(expr, 'CONST') && expr.fields.constisnull === 'false') source = { kind: 'constant' };
    if (simple && isNode(expr, 'VAR') && expr.fields.varlevelsup === '0') {
      const nulling = expr.fields.varnullingrels as TreeValue[] | undefined;
      const rte = rtable[Number(expr.fields.varno) - 1];
      if (Array.isArray(nulling) && nulling.length === 1 && isNode(rte, 'RANGETBLENTRY') && rte.fields.rtekind === '0') {
        source = { kind: 'column', relationOid: Number(rte.fields.relid), attnum: Number(expr.fields.varattno) };
      }
    }
    sources.set(name, source);
  }
  return sources;
}
