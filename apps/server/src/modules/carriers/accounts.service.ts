import type { carrierAccountCreateSchema, carrierAccountUpdateSchema, CarrierCodeName } from '@kontor/contracts/domains/carriers';
import type { CarrierAccount } from '@kontor/contracts/domains/carriers-responses';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import type { CarrierAccountConfig, CarrierAddress, CarrierDriver, CarrierProductDef } from './driver.js';
import { carrierDriver, carrierDrivers } from './drivers/index.js';
import { accountsRepo, type AccountRow } from './accounts.repo.js';
import { SecretBox } from './secret-box.js';

type AccountCreate = z.infer<typeof carrierAccountCreateSchema>;
type AccountUpdate = z.infer<typeof carrierAccountUpdateSchema>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** An account as answers show it: which secret fields are set, never their values. */
function toAccount(row: AccountRow): CarrierAccount {
  return {
    id: Number(row.id),
    name: row.name,
    carrier: row.carrier as CarrierCodeName,
    endpoint: row.endpoint,
    credentialsSet: json<string[]>(row.credential_fields) ?? [],
    options: json<Record<string, string>>(row.options) ?? {},
    shipper: json<CarrierAccount['shipper']>(row.shipper),
    active: row.active,
    createdAt: row.created_at as unknown as string,
    updatedAt: row.updated_at as unknown as string,
    version: row.version,
  };
}

/** What an order resolves to, with the account's decrypted configuration for the driver call. */
export interface Resolution {
  ruleId: number | null;
  accountId: number;
  accountName: string;
  driver: CarrierDriver;
  config: CarrierAccountConfig;
  shipper: CarrierAddress | null;
  /** The rule's product code; empty: the driver's first product serving the destination. */
  product: string;
  services: string[];
  /** The customs declaration's reason (EXPORT_REASONS) for a destination outside the EU. */
  exportReason: string;
}

const EDIT_FIELDS = ['name', 'endpoint', 'options', 'shipper', 'active'] as const;

/** Carrier settings are the company's: a session bound to a merchant never reads or changes them, whatever its role. */
export function mustBeCompany(auth: AuthContext): void {
  if (auth.merchantId !== null) throw new AppError('NoPermission');
}

/** A new account in the caller's transaction, its credentials already sealed; a taken name is a Duplicate. */
export async function writeAccount(trx: Kysely<DB>, input: AccountCreate, sealed: string, credentialFields: string[]): Promise<number> {
  if (await accountsRepo.byName(trx, input.name)) throw new AppError('Duplicate', { fields: [{ field: 'name', message: input.name }] });
  return accountsRepo.insert(trx, {
    name: input.name,
    carrier: input.carrier,
    endpoint: input.endpoint,
    credentials: sealed,
    credential_fields: credentialFields,
    options: input.options,
    shipper: input.shipper,
    active: input.active,
  });
}

/**
 * Carrier accounts (issue 17 item 1; the rules that route orders to them: carrier-rules.service.ts).
 * Credentials are sealed on the way in (SecretBox) and opened only to call a driver; no answer, audit
 * entry or log holds them.
 */
export class CarrierAccountsService {
  readonly box: SecretBox;

  constructor(private readonly core: Pick<Core, 'db' | 'config'>) {
    this.box = new SecretBox(core.config);
  }

  drivers() {
    return carrierDrivers().map((d) => ({
      code: d.code,
      products: d.products.map((p) => ({ ...p, zones: [...p.zones], services: [...p.services] })),
      credentialFields: [...d.credentialFields],
      optionFields: [...d.optionFields],
      defaultEndpoint: d.defaultEndpoint,
    }));
  }

  async list(auth: AuthContext): Promise<CarrierAccount[]> {
    mustBeCompany(auth);
    return (await accountsRepo.list(this.core.db)).map(toAccount);
  }

  private async mustGet(db: Kysely<DB>, id: number): Promise<AccountRow> {
    const row = await accountsRepo.get(db, id);
    if (!row) throw new AppError('NotFound');
    return row;
  }

  async create(auth: AuthContext, input: AccountCreate): Promise<CarrierAccount> {
    mustBeCompany(auth);
    const credentials = Object.fromEntries(Object.entries(input.credentials).filter(([, v]) => v !== ''));
    return this.core.db.transaction().execute(async (trx) => {
      const id = await writeAccount(trx, input, this.box.seal(credentials), Object.keys(credentials).sort());
      const account = toAccount(await this.mustGet(trx, id));
      await audit(trx, auth, 'create', 'carrierAccount', String(id), null, account);
      return account;
    });
  }

  async update(auth: AuthContext, id: number, input: AccountUpdate): Promise<CarrierAccount> {
    mustBeCompany(auth);
    return this.core.db.transaction().execute(async (trx) => {
      const row = await this.mustGet(trx, id);
      const before = toAccount(row);
      if (input.name !== undefined && input.name !== row.name && (await accountsRepo.byName(trx, input.name)))
        throw new AppError('Duplicate', { fields: [{ field: 'name', message: input.name }] });
      const changes: Parameters<typeof accountsRepo.update>[2] = {};
      for (const field of EDIT_FIELDS) if (input[field] !== undefined) Object.assign(changes, { [field]: input[field] });
      if (input.credentials) {
        // Named fields are replaced (an empty value removes one); the others keep their sealed values.
        const merged = { ...this.box.open(row.credentials), ...input.credentials };
        const kept = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== ''));
        changes.credentials = this.box.seal(kept);
        changes.credential_fields = Object.keys(kept).sort();
      }
      await accountsRepo.update(trx, id, changes);
      const account = toAccount(await this.mustGet(trx, id));
      await audit(trx, auth, 'update', 'carrierAccount', String(id), before, account);
      return account;
    });
  }

  async remove(auth: AuthContext, id: number): Promise<null> {
    mustBeCompany(auth);
    return this.core.db.transaction().execute(async (trx) => {
      const before = toAccount(await this.mustGet(trx, id));
      const outcome = await accountsRepo.remove(trx, id);
      if (outcome === 'inUse') throw new AppError('InUse');
      if (outcome === 'missing') throw new AppError('NotFound');
      await audit(trx, auth, 'delete', 'carrierAccount', String(id), before, null);
      return null;
    });
  }

  /**
   * The account, product and services of an order (docs/carriers.md "Resolution"): the most specific
   * rule for the order's carrier text, merchant, destination and service; null when none serves it.
   */
  async resolve(db: Kysely<DB>, order: { carrier: string; carrierService: string; merchantId: number; country: string }): Promise<Resolution | null> {
    const [rule] = await accountsRepo.candidates(db, {
      carrier: order.carrier,
      service: order.carrierService,
      merchantId: order.merchantId,
      country: order.country,
    });
    if (!rule) return null;
    const account = await accountsRepo.get(db, Number(rule.account_id));
    const driver = account ? carrierDriver(account.carrier) : undefined;
    if (!account || !driver) return null;
    return {
      ruleId: Number(rule.id),
      accountId: Number(account.id),
      accountName: account.name,
      driver,
      config: {
        carrier: driver.code,
        endpoint: account.endpoint || driver.defaultEndpoint,
        credentials: this.box.open(account.credentials),
        options: json<Record<string, string>>(account.options) ?? {},
      },
      shipper: json<CarrierAddress | null>(account.shipper),
      product: rule.product,
      services: json<string[]>(rule.services) ?? [],
      exportReason: rule.export_reason,
    };
  }

  /** An account's driver configuration by id (void, lookup of labels bought earlier). */
  async configOf(db: Kysely<DB>, accountId: number): Promise<{ driver: CarrierDriver; config: CarrierAccountConfig } | null> {
    const account = await accountsRepo.get(db, accountId);
    const driver = account ? carrierDriver(account.carrier) : undefined;
    if (!account || !driver) return null;
    return {
      driver,
      config: {
        carrier: driver.code,
        endpoint: account.endpoint || driver.defaultEndpoint,
        credentials: this.box.open(account.credentials),
        options: json<Record<string, string>>(account.options) ?? {},
      },
    };
  }
}

/**
 * The account a tracking poll uses (issue 19 item 5): the one the labels were bought with, else the first
 * active account of the carrier, so its endpoint and credentials apply; the sandbox needs none and tracks without one.
 */
export async function trackingConfigOf(
  service: CarrierAccountsService,
  db: Kysely<DB>,
  carrier: string,
  accountId: number | null = null,
): Promise<{ driver: CarrierDriver; config: CarrierAccountConfig } | null> {
  if (accountId !== null) return service.configOf(db, accountId);
  const account = (await accountsRepo.list(db)).find((a) => a.active && a.carrier === carrier);
  if (account) return service.configOf(db, Number(account.id));
  const driver = carrierDriver(carrier);
  if (driver?.code !== 'sandbox') return null;
  return { driver, config: { carrier: 'sandbox', endpoint: driver.defaultEndpoint, credentials: {}, options: {} } };
}

/** The product a rule names, or the driver's first product serving the zone. */
export function productFor(driver: CarrierDriver, code: string, zone: CarrierProductDef['zones'][number]): CarrierProductDef | undefined {
  if (code) return driver.products.find((p) => p.code === code);
  return driver.products.find((p) => p.zones.includes(zone));
}
