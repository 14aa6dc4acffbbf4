/**
 * The layer rules of docs/architecture.md as lint rules (issue 16 item 4), so that a module written
 * tomorrow cannot take a shortcut the next one would copy:
 * - a route file parses, calls a service or flow and replies: it imports no repository;
 * - a module is used through its front door (`index.ts`): nothing imports another module's files, and
 *   the front door exports services, not repositories;
 * - `http/` is the plumbing under every module: it imports no module;
 * - SQL lives in repositories (`*.repo.ts`, `*.sql.ts`), `db/` and migrations only;
 * - the seed writes the demo through the modules' front doors: no repository, no query builder, no sql;
 * - status codes are compared through the status machines, never as numbers;
 * - tenant scope is applied through db/tenant-scope.ts, never by a hand-written merchant_id filter;
 * - a web page imports nothing from another page's folder (shared pieces live in components/).
 * `eslint/layers.test.ts` lints a violation of each rule and fails when a rule stops firing.
 */

const server = 'apps/server/src';

/** Export rows go through one neutralising writer (lib/csv.ts, issue 15 item 6). */
const exportRows = {
  selector: 'CallExpression[callee.property.name=/^(addRow|addRows|insertRow|spliceRows)$/]',
  message: 'Write export rows with addSafeRow (apps/server/src/lib/csv.ts): every cell is neutralised there.',
};
const queryBuilder = {
  selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
  message: 'SQL lives in a repository (*.repo.ts, or *.sql.ts beside it): call a repository function here.',
};
const sqlTemplate = {
  selector:
    "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.callee.name='sql'], TaggedTemplateExpression[tag.object.name='sql'], CallExpression[callee.object.name='sql'][callee.property.name=/^(raw|ref|id|lit|join|table)$/]",
  message: 'SQL lives in a repository (*.repo.ts, or *.sql.ts beside it): call a repository function here.',
};

/** Status codes are the machines' (contracts/src/status): code compares states, never numbers. HTTP statuses are not meant. */
const statusNumber = {
  selector:
    "BinaryExpression[operator=/^(===|!==|==|!=|>=|<=|>|<)$/][left.property.name='status'][left.object.name!=/^(res|response|err|error|reply)$/][right.type='Literal'][right.raw=/^[0-9]+$/]",
  message: 'Compare states through the status machine (contracts/src/status), not status numbers.',
};

/**
 * Tenant scope is applied by one mechanism (apps/server/src/db/tenant-scope.ts): a repository narrows
 * merchant-owned rows with whereTenant / tenantSql, and code checks a row it read with tenantAllows. A
 * hand-written `merchant_id =` filter, or a merchant id compared to a scope, is what it replaced.
 */
const tenantMessage = 'Apply tenant scope through db/tenant-scope.ts (whereTenant, tenantSql, tenantAllows), not by filtering merchant_id by hand.';
const tenantFilters = [
  {
    selector:
      'CallExpression[callee.property.name=/^(where|orWhere|having|on)$/][arguments.0.value=/(^|\\.)merchant_id$/][arguments.1.value=/^(=|==|in|<>|!=)$/]',
    message: tenantMessage,
  },
  {
    selector: 'CallExpression[callee.name=/^(eb|cmpr)$/][arguments.0.value=/(^|\\.)merchant_id$/][arguments.1.value=/^(=|==|in|<>|!=)$/]',
    message: tenantMessage,
  },
  {
    selector:
      "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\b(where|and|or|on)\\s+([a-z_]+\\.)?merchant_id\\s*(=|<>|!=|in)\\s*(any\\s*)?\\(?\\s*$/i]",
    message: tenantMessage,
  },
  {
    selector:
      'BinaryExpression[operator=/^[!=]==?$/][left.property.name=/^(merchant_id|merchantId)$/][right.name=/[sS]cope$/], BinaryExpression[operator=/^[!=]==?$/][right.property.name=/^(merchant_id|merchantId)$/][left.name=/[sS]cope$/]',
    message: tenantMessage,
  },
  {
    // `merchant_id = (select merchant_id from …)`: a scope narrowed through a sub-select by hand.
    selector: "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\bmerchant_id\\s*(=|in)\\s*\\(\\s*select\\b/i]",
    message: tenantMessage,
  },
  {
    // `Number(row.merchantId) === merchantId`: a row checked against the caller's merchant by hand.
    selector:
      "BinaryExpression[operator=/^[!=]==?$/][left.callee.name='Number'][left.arguments.0.property.name=/^(merchant_id|merchantId)$/][right.name=/^merchantId$|[sS]cope$/], BinaryExpression[operator=/^[!=]==?$/][right.callee.name='Number'][right.arguments.0.property.name=/^(merchant_id|merchantId)$/][left.name=/^merchantId$|[sS]cope$/]",
    message: tenantMessage,
  },
];

/** Where SQL may be written. */
const tenantScopeFile = `${server}/db/tenant-scope.ts`;
const dataFiles = [`${server}/**/*.repo.ts`, `${server}/**/*.sql.ts`, `${server}/db/**`];

const otherModule = {
  regex: '^\\.\\./[a-z][a-z0-9-]*/(?!index\\.js$)',
  message: "Use the other module's front door (../<module>/index.js), not its files.",
};
const repository = { regex: '\\.repo\\.js$', message: 'A route file calls a service or flow; only services and flows use repositories.' };

/**
 * A front door exports services and answers, never a repository (issue 16 item 2): a repository
 * exported there is SQL any module can call without the owning module's rules. Its row types may go out.
 */
const repositoryExport = {
  selector:
    "ExportNamedDeclaration[exportKind='value'][source.value=/\\.(repo|sql)\\.js$/] > ExportSpecifier[exportKind='value'], ExportAllDeclaration[exportKind='value'][source.value=/\\.(repo|sql)\\.js$/]",
  message: "A module's front door exports services: wrap the repository's operations in a service and export that.",
};
const frontDoors = `${server}/modules/*/index.ts`;

const frontDoorsOnly = {
  regex: '^\\.\\./modules/[a-z][a-z0-9-]*/(?!index\\.js$)',
  message: 'A flow (and the seed) uses modules through their front doors (../modules/<module>/index.js).',
};
const seedMessage = "The seed writes the demo through the modules' front doors (services and flows): no repository, no SQL.";

export const layerRules = [
  {
    files: [`${server}/**/*.ts`],
    ignores: [...dataFiles, tenantScopeFile],
    rules: { 'no-restricted-syntax': ['error', exportRows, queryBuilder, sqlTemplate, statusNumber, ...tenantFilters] },
  },
  {
    files: [frontDoors],
    rules: { 'no-restricted-syntax': ['error', exportRows, queryBuilder, sqlTemplate, statusNumber, ...tenantFilters, repositoryExport] },
  },
  {
    files: dataFiles,
    ignores: [tenantScopeFile],
    rules: { 'no-restricted-syntax': ['error', exportRows, statusNumber, ...tenantFilters] },
  },
  {
    files: [`${server}/modules/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModule] }] },
  },
  {
    files: [`${server}/modules/**/*.routes.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModule, repository] }] },
  },
  {
    files: [`${server}/flows/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [frontDoorsOnly] }] },
  },
  {
    // The demo is written as the screens write it (issue 16 item 1): through services, never around them.
    files: [`${server}/seed/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', importNames: ['sql'], message: seedMessage }],
          patterns: [
            frontDoorsOnly,
            // A module's repository is already refused as a file behind its front door (above).
            { regex: '^(?!\\.\\./modules/).*\\.(repo|sql)\\.js$', message: seedMessage },
            { regex: '^\\.\\./db/(?!types\\.js$|tenant-scope\\.js$)', message: seedMessage },
          ],
        },
      ],
    },
  },
  {
    files: [`${server}/http/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/modules/', message: 'http/ is the plumbing under every module: it imports none.' }] }],
    },
  },
  {
    files: ['apps/web/src/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^\\.\\./[a-z][a-z0-9-]*/', message: "A page imports nothing from another page's folder: move what is shared to components/." }],
        },
      ],
    },
  },
];
