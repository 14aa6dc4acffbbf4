import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TENANT_TABLES } from '../src/db/tenant-tables.js';
import { TenantScope, tenantAllows } from '../src/db/tenant-scope.js';

/**
 * Tenant scope is applied by one mechanism (db/tenant-scope.ts, issue 16 item 6). The lint rule in
 * eslint/layers.mjs refuses a hand-written merchant_id filter (layer-rules.test.ts); this suite proves
 * that every table with a merchant_id column is classified in db/tenant-tables.ts, and that the files
 * named as its scoped readers read it through the mechanism. The cross-tenant suite proves the result
 * over the live routes.
 */
const src = fileURLToPath(new URL('../src/', import.meta.url));
const read = (path: string) => readFileSync(`${src}${path}`, 'utf8');

/** Tables and views of the generated DB interface whose row type has a merchant_id column. */
function tablesWithMerchantId(): string[] {
  const text = read('db/schema.generated.ts');
  const withColumn = new Set<string>();
  for (const match of text.matchAll(/export interface (\w+) \{([\s\S]*?)\n\}/g)) if (/^\s+merchant_id\??:/m.test(match[2]!)) withColumn.add(match[1]!);
  // Views with the same columns as another are aliases of its interface (`export type X = Y;`).
  for (const match of text.matchAll(/export type (\w+) = (\w+);/g)) if (withColumn.has(match[2]!)) withColumn.add(match[1]!);
  const db = /export interface DB \{([\s\S]*?)\n\}/.exec(text)![1]!;
  return [...db.matchAll(/^\s+(\w+): (\w+);/gm)].filter((m) => withColumn.has(m[2]!)).map((m) => m[1]!);
}

describe('tenant scope', () => {
  it('classifies every table with a merchant_id column', () => {
    const tables = tablesWithMerchantId();
    expect(tables.length).toBeGreaterThan(20);
    expect(
      tables.filter((t) => !(t in TENANT_TABLES)),
      'add these to TENANT_TABLES in src/db/tenant-tables.ts',
    ).toEqual([]);
    expect(
      Object.keys(TENANT_TABLES).filter((t) => !tables.includes(t)),
      'these have no merchant_id column any more',
    ).toEqual([]);
  });

  it.each(Object.entries(TENANT_TABLES))('%s is read through the mechanism or says why not', (table, rule) => {
    if (!rule.scoped) {
      expect(rule.reason.length).toBeGreaterThan(20);
      return;
    }
    expect(rule.via.length).toBeGreaterThan(0);
    for (const file of rule.via) {
      const text = read(`modules/${file}`);
      expect(text, `${file} does not read ${table}`).toMatch(new RegExp(`\\b${table}\\b`));
      const declared = file.endsWith('.resources.ts') && /scope: 'merchant'/.test(text);
      expect(declared || /\b(whereTenant|tenantSql)\(/.test(text), `${file} reads ${table} without whereTenant/tenantSql`).toBe(true);
    }
  });

  it('the generic resource layer narrows merchant resources through the mechanism', () => {
    const repo = read('modules/resources/resource.repo.ts');
    expect(repo).toMatch(/whereTenant\(/);
    expect(repo).toMatch(/tenantSql\(/);
  });

  it('makes the scope from the session: merchant users bound, staff all or their sub-account', () => {
    expect(TenantScope.of({ merchantId: 7, subMerchantId: null }).merchantId).toBe(7);
    expect(TenantScope.of({ merchantId: null, subMerchantId: 3 }).merchantId).toBe(3);
    expect(TenantScope.of({ merchantId: null, subMerchantId: null }).merchantId).toBeNull();
    expect(tenantAllows(TenantScope.merchant(7), 7)).toBe(true);
    expect(tenantAllows(TenantScope.merchant(7), 8)).toBe(false);
    expect(tenantAllows(TenantScope.merchant(7), null)).toBe(false);
    expect(tenantAllows(TenantScope.all, 8)).toBe(true);
    expect(TenantScope.restore(null)).toBe(TenantScope.all);
  });
});
