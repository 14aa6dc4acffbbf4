import type { carrierRuleWriteSchema, CarrierCodeName } from '@kontor/contracts/domains/carriers';
import type { CarrierRule } from '@kontor/contracts/domains/carriers-responses';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { audit, merchantDirectory } from '../admin/index.js';
import { mustBeCompany } from './accounts.service.js';
import { accountsRepo, type RuleRow } from './accounts.repo.js';
import { carrierDriver } from './drivers/index.js';

type RuleWrite = z.infer<typeof carrierRuleWriteSchema>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function toRule(row: RuleRow): CarrierRule {
  return {
    id: Number(row.id),
    merchantId: row.merchant_id === null ? null : Number(row.merchant_id),
    merchantName: row.merchant_name,
    country: row.country,
    orderCarrier: row.order_carrier,
    orderService: row.order_service,
    accountId: Number(row.account_id),
    accountName: row.account_name,
    carrier: row.carrier as CarrierCodeName,
    product: row.product,
    services: json<string[]>(row.services) ?? [],
    priority: row.priority,
    exportReason: row.export_reason as CarrierRule['exportReason'],
    createdAt: row.created_at as unknown as string,
    updatedAt: row.updated_at as unknown as string,
    version: row.version,
  };
}

async function checkRule(db: Kysely<DB>, input: RuleWrite): Promise<void> {
  const account = await accountsRepo.get(db, input.accountId);
  if (!account) throw new AppError('IntegrityError', { fields: [ruleError('accountId', 'invalid')] });
  if (input.merchantId !== null && !(await merchantDirectory.exists(db, input.merchantId)))
    throw new AppError('IntegrityError', { fields: [ruleError('merchantId', 'invalid')] });
  const driver = carrierDriver(account.carrier);
  if (driver && input.product && !driver.products.some((p) => p.code === input.product))
    throw new AppError('IntegrityError', { fields: [ruleError('product', 'invalid')] });
}

function ruleColumns(input: RuleWrite) {
  return {
    merchant_id: input.merchantId,
    country: input.country,
    order_carrier: input.orderCarrier,
    order_service: input.orderService,
    account_id: input.accountId,
    product: input.product,
    services: input.services,
    priority: input.priority,
    export_reason: input.exportReason,
  };
}

/** A new rule in the caller's transaction, its account, merchant and product checked. */
export async function writeRule(trx: Kysely<DB>, input: RuleWrite): Promise<number> {
  await checkRule(trx, input);
  return accountsRepo.insertRule(trx, ruleColumns(input));
}

/** The rules that route orders to carrier accounts (issue 17 item 1; docs/carriers.md "Resolution"): the company's only. */
export class CarrierRulesService {
  constructor(private readonly core: Pick<Core, 'db'>) {}

  async list(auth: AuthContext): Promise<CarrierRule[]> {
    mustBeCompany(auth);
    return (await accountsRepo.rules(this.core.db)).map(toRule);
  }

  async create(auth: AuthContext, input: RuleWrite): Promise<CarrierRule> {
    mustBeCompany(auth);
    return this.core.db.transaction().execute(async (trx) => {
      const id = await writeRule(trx, input);
      const [rule] = await accountsRepo.rules(trx, id);
      await audit(trx, auth, 'create', 'carrierRule', String(id), null, rule);
      return toRule(rule!);
    });
  }

  async update(auth: AuthContext, id: number, input: RuleWrite): Promise<CarrierRule> {
    mustBeCompany(auth);
    return this.core.db.transaction().execute(async (trx) => {
      const [before] = await accountsRepo.rules(trx, id);
      if (!before) throw new AppError('NotFound');
      await checkRule(trx, input);
      await accountsRepo.updateRule(trx, id, ruleColumns(input));
      const [rule] = await accountsRepo.rules(trx, id);
      await audit(trx, auth, 'update', 'carrierRule', String(id), before, rule);
      return toRule(rule!);
    });
  }

  async remove(auth: AuthContext, id: number): Promise<null> {
    mustBeCompany(auth);
    return this.core.db.transaction().execute(async (trx) => {
      const [before] = await accountsRepo.rules(trx, id);
      if (!before || !(await accountsRepo.removeRule(trx, id))) throw new AppError('NotFound');
      await audit(trx, auth, 'delete', 'carrierRule', String(id), before, null);
      return null;
    });
  }
}
